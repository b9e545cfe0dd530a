/**
 * Entry "orgauth/express": the guards of the provider's Express library on orgauth's one guard core (Express 4 and
 * 5). Each guard is a middleware that reads `Authorization: Bearer`, finds the org with a function of the request
 * (the `orgId` path parameter by default), keeps the caller for `getAuth(req)` and calls `next()`; a denial is a typed
 * JSON answer (`onDenied` replaces it), a failure that is the server's goes to `next(err)`, and an outage of the auth
 * host is a 503.
 */
import { type CallerAuth, type CallerAuthOptions, createCallerAuth } from "../server/caller.js";
import { type GuardDenial, type GuardOutcome, type GuardRule, runGuard } from "../server/guard.js";
import { type GuardDefaults, type GuardSet, guardSet } from "../server/guard-set.js";
import { type RequestAuth, requestAuthStore } from "../server/request-auth.js";

export * from "../server/guard-errors.js";
export type * from "../server/guard-exports.js";

/** The part of Express's request the guards read (typed loosely: Express 4's and 5's requests both fit). */
export interface ExpressRequest {
  readonly headers: { readonly authorization?: string | undefined };
}

/** The request an `orgIdExtractor` reads: Express's, with its path parameters and query. */
export interface ExpressRequestWithParams extends ExpressRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, unknown>>;
}

/** The parts of Express's response a denial writes. */
export interface ExpressResponse {
  status(code: number): unknown;
  setHeader(name: string, value: string): unknown;
  json(body: unknown): unknown;
}

/** An Express middleware. */
export type ExpressMiddleware = (req: ExpressRequest, res: ExpressResponse, next: (error?: unknown) => void) => void;

type MiddlewareArgs = Parameters<ExpressMiddleware>;

/** Options of `createExpressAuth`: the project (see `CallerAuthOptions`), the guards' defaults, the denial's writer. */
export interface ExpressAuthOptions extends CallerAuthOptions, GuardDefaults<ExpressRequestWithParams> {
  /** Writes a denial (401, 403, 429, 503). Default: `res.status(status).json({ error_code, message, reason })`. */
  onDenied?: (denial: GuardDenial, req: ExpressRequest, res: ExpressResponse) => void;
}

/** The guards, `getAuth`, and the "who is calling" core they share (with its backend client). */
export interface ExpressAuth extends GuardSet<ExpressRequestWithParams, ExpressMiddleware> {
  /** The caller and org membership a guard found for `req` (both undefined on a route no guard let through). */
  getAuth(req: ExpressRequest): RequestAuth;
  /** The "who is calling" core, for checks the guards do not cover. */
  readonly callers: CallerAuth;
}

/** Writes the denial as JSON, with `Retry-After` for a 429 or 503. */
function sendDenial(denial: GuardDenial, _req: ExpressRequest, res: ExpressResponse): void {
  const { status, retryAfterSeconds, ...body } = denial;
  res.setHeader("Cache-Control", "no-store");
  if (retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(retryAfterSeconds));
  res.status(status);
  res.json(body);
}

/** Creates the Express guards of a project; throws `ServerConfigurationError` for options that cannot work. */
export function createExpressAuth(options: ExpressAuthOptions): ExpressAuth {
  const callers = createCallerAuth(options);
  const auths = requestAuthStore();
  const onDenied = options.onDenied ?? sendDenial;
  const guard = async (ruleOf: (req: ExpressRequestWithParams) => GuardRule, ...[req, res, next]: MiddlewareArgs) => {
    let outcome: GuardOutcome;
    try {
      outcome = await runGuard(callers, req.headers.authorization, ruleOf(req as ExpressRequestWithParams));
    } catch (error) {
      return next(error);
    }
    if (!outcome.ok) {
      try {
        onDenied(outcome.denial, req, res);
      } catch (error) {
        next(error);
      }
      return;
    }
    auths.set(req, { caller: outcome.caller, org: outcome.org });
    next();
  };
  const middleware =
    (ruleOf: (req: ExpressRequestWithParams) => GuardRule): ExpressMiddleware =>
    (...args) =>
      void guard(ruleOf, ...args);
  const guards = guardSet(options, (req: ExpressRequestWithParams) => req.params?.orgId, middleware);
  return { ...guards, getAuth: auths.get, callers };
}
