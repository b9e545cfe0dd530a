/** A redirect `Response` for middleware and server rendering (e.g. to the hosted login page). */
import { assertSafeNavigationTarget } from "./safe-navigation.js";

/** The redirect statuses a server redirect may use. */
export const ALLOWED_REDIRECT_STATUSES = /* @__PURE__ */ Object.freeze([301, 302, 303, 307, 308] as const);

/** One of the allowed redirect statuses. */
export type RedirectStatus = (typeof ALLOWED_REDIRECT_STATUSES)[number];

/**
 * Builds a redirect `Response` to an http(s) URL. Throws a RangeError for a status other than
 * 301, 302, 303, 307 or 308, and an UnsafeNavigationError for a non-http(s) location. Default 307.
 */
export function createRedirectResponse(location: string, status: RedirectStatus = 307): Response {
  if (!(ALLOWED_REDIRECT_STATUSES as readonly number[]).includes(status)) {
    throw new RangeError(
      `Invalid redirect status ${String(status)}: use one of ${ALLOWED_REDIRECT_STATUSES.join(", ")}`,
    );
  }
  const target = assertSafeNavigationTarget(location, "redirect location");
  return new Response(null, { status, headers: { Location: target, "Cache-Control": "no-store" } });
}
