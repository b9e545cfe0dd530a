/**
 * `protect`: who may see a server component, call a route handler or run a server action. In a server component a
 * visitor without a session goes to the login route and back, and a user without the org, role or permission gets
 * Next's `forbidden()` (with `experimental.authInterrupts`) or else `notFound()`; a route handler or a server action
 * answers 401 / 403 with `{ error_code, message }` instead. A session that cannot be read now (an auth-host outage, a
 * rotation race) is never a login: `protect` throws the retryable `AccessTokenError` (the error boundary shows it),
 * a route handler answers 503 and a server action returns the typed `SessionRetry`.
 */
import * as navigation from "next/navigation";
import { type AccessDenial, type AccessRule, checkAccess, denialResponse } from "../server/access-rule.js";
import { type AccessTokenError, isRetryableSessionError } from "../server/errors.js";
import type { ServerAuth, ServerUser } from "../server/index.js";
import { retryableResponse, type SessionRetry, sessionRetry } from "../server/retry-answer.js";
import type { SessionReaders } from "./get-user.js";

/** A route handler that runs only for an allowed user, who is handed to it. */
export type ProtectedRouteHandler<C> = (request: Request, user: ServerUser, context: C) => Response | Promise<Response>;

/** The protect helpers of one server session. */
export interface ProtectHelpers {
  /**
   * In a server component: the signed-in user who satisfies `rule`; else a redirect to the login route (signed out)
   * or `forbidden()` / `notFound()` (signed in, not allowed).
   */
  protect(rule?: AccessRule): Promise<ServerUser>;
  /**
   * A route handler that answers 401 / 403 JSON (`{ error_code, message }`) unless the user satisfies `rule`, and a
   * retryable 503 (`SessionRetry`'s JSON) while the session cannot be read.
   */
  protectRoute<C = unknown>(
    rule: AccessRule,
    handler: ProtectedRouteHandler<C>,
  ): (request: Request, context: C) => Promise<Response>;
  /**
   * A server action that returns the denial (`{ status: 401 | 403, error_code, message }`) unless the user satisfies
   * `rule`, and the typed `SessionRetry` (`{ status: 503, retryable: true, … }`) while the session cannot be read.
   */
  protectAction<A extends unknown[], R>(
    rule: AccessRule,
    action: (user: ServerUser, ...args: A) => Promise<R>,
  ): (...args: A) => Promise<R | AccessDenial | SessionRetry>;
}

/** True for Next's own control-flow errors (redirect, notFound, forbidden), which must propagate. */
function isNextInterrupt(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && digest.startsWith("NEXT_");
}

/** Renders Next's 403 page where the app enabled it (`experimental.authInterrupts`), else its 404 page. */
function denyPage(): never {
  const forbidden = (navigation as { forbidden?: () => never }).forbidden;
  if (typeof forbidden === "function") {
    try {
      forbidden();
    } catch (error) {
      // without `authInterrupts`, Next throws a plain error that says so: fall back to the 404 page
      if (isNextInterrupt(error)) throw error;
    }
  }
  navigation.notFound();
}

/** The user a reader gives, or the retryable error it throws (an outage, a rotation race); other errors propagate. */
async function readRetryable(
  read: () => Promise<ServerUser | undefined>,
): Promise<{ user: ServerUser | undefined } | { retry: AccessTokenError }> {
  try {
    return { user: await read() };
  } catch (error) {
    if (isRetryableSessionError(error)) return { retry: error };
    throw error;
  }
}

/** The helpers over a server session and its readers. */
export function createProtect(auth: () => ServerAuth, readers: SessionReaders): ProtectHelpers {
  return {
    async protect(rule) {
      const user = await readers.getUser();
      const denial = checkAccess(user, rule);
      if (user && !denial) return user;
      if (!user) return readers.redirectToLogin();
      return denyPage();
    },
    protectRoute(rule, handler) {
      return async (request, context) => {
        const read = await readRetryable(() => auth().readSession(request));
        if ("retry" in read) return retryableResponse(read.retry);
        const denial = checkAccess(read.user, rule);
        return read.user && !denial ? handler(request, read.user, context) : denialResponse(denial!);
      };
    },
    protectAction(rule, action) {
      return async (...args) => {
        const read = await readRetryable(readers.getUser);
        if ("retry" in read) return sessionRetry(read.retry);
        const denial = checkAccess(read.user, rule);
        return read.user && !denial ? action(read.user, ...args) : denial!;
      };
    },
  };
}
