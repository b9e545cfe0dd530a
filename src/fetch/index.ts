/**
 * Entry "orgauth/fetch": the guards of the provider's Express library for fetch-style servers — a Cloudflare worker,
 * Deno, Bun, any `Request` → `Response` handler — and as Hono middleware, on orgauth's one guard core. A request guard
 * resolves the caller and org membership, or the denial as a JSON `Response` to return; a Hono guard lets the request
 * through (`getAuth(c)` reads what it found) or answers the denial itself. An outage of the auth host is a 503.
 */
import { type CallerAuth, type CallerAuthOptions, createCallerAuth } from "../server/caller.js";
import { type GuardDenial, type GuardRule, guardDenialResponse, runGuard } from "../server/guard.js";
import { type GuardDefaults, type GuardSet, guardSet } from "../server/guard-set.js";
import { type RequestAuth, requestAuthStore } from "../server/request-auth.js";

export * from "../server/guard-errors.js";
export type * from "../server/guard-exports.js";

/** Options of the guards: the project (see `CallerAuthOptions`), the guards' defaults, the denial's answer. */
export interface FetchAuthOptions<Req> extends CallerAuthOptions, GuardDefaults<Req> {
  /** The answer to a denial (401, 403, 429, 503). Default: JSON `{ error_code, message, reason }` with its status. */
  onDenied?: (denial: GuardDenial, request: Request) => Response | Promise<Response>;
}

/** A request guard: what it found, or the `Response` to answer with. */
export type RequestGuard = (request: Request) => Promise<RequestAuth | Response>;

/** The guards of a fetch-style server and the "who is calling" core they share. */
export interface RequestGuards extends GuardSet<Request, RequestGuard> {
  readonly callers: CallerAuth;
}

/** The parts of Hono's context the guards read. */
export interface HonoContext {
  readonly req: { readonly raw: Request; param(name: string): string | undefined };
}

/** A Hono middleware. */
export type HonoGuard = (c: HonoContext, next: () => Promise<void>) => Promise<Response | undefined>;

/** The Hono guards, `getAuth`, and the "who is calling" core they share. */
export interface HonoGuards extends GuardSet<HonoContext, HonoGuard> {
  /** The caller and org membership a guard found for the request (both undefined where no guard let it through). */
  getAuth(c: HonoContext): RequestAuth;
  readonly callers: CallerAuth;
}

/** Runs a rule on a request: what it found, or the denial's answer. */
async function decide<Req>(
  callers: CallerAuth,
  request: Request,
  rule: GuardRule,
  onDenied: NonNullable<FetchAuthOptions<Req>["onDenied"]>,
): Promise<RequestAuth | Response> {
  const outcome = await runGuard(callers, request.headers.get("Authorization"), rule);
  return outcome.ok ? { caller: outcome.caller, org: outcome.org } : onDenied(outcome.denial, request);
}

/**
 * The guards for a plain `Request` (a worker's `fetch`). No router names an org here: give org guards an
 * `orgIdExtractor` (without one, no org is named and the answer is a 403).
 */
export function createRequestGuards(options: FetchAuthOptions<Request>): RequestGuards {
  const callers = createCallerAuth(options);
  const onDenied = options.onDenied ?? guardDenialResponse;
  const guard =
    (ruleOf: (request: Request) => GuardRule): RequestGuard =>
    async (request) =>
      decide(callers, request, ruleOf(request), onDenied);
  return { ...guardSet(options, () => undefined, guard), callers };
}

/** The guards as Hono middleware; org guards read the `orgId` path parameter unless told otherwise. */
export function createHonoGuards(options: FetchAuthOptions<HonoContext>): HonoGuards {
  const callers = createCallerAuth(options);
  const onDenied = options.onDenied ?? guardDenialResponse;
  const auths = requestAuthStore();
  const middleware =
    (ruleOf: (c: HonoContext) => GuardRule): HonoGuard =>
    async (c, next) => {
      const found = await decide(callers, c.req.raw, ruleOf(c), onDenied);
      if (found instanceof Response) return found;
      auths.set(c.req.raw, found);
      await next();
      return undefined;
    };
  const guards = guardSet(options, (c: HonoContext) => c.req.param("orgId"), middleware);
  return { ...guards, getAuth: (c) => auths.get(c.req.raw), callers };
}
