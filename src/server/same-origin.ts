/**
 * The auth routes' defence against other web pages (CSRF): a request that changes the session (any method but GET
 * and HEAD) must come from the app's own origin, the redirect URI's. A browser says where a request comes from in
 * `Origin` (sent with every POST) or, without it, `Sec-Fetch-Site`; a request with neither is not a browser's, so no
 * page can have sent it. A page on another port of the same host is another origin: it is refused too.
 */
import type { ServerConfig } from "./options.js";
import { errorJson } from "./session-routes.js";

/** Where the request came from, when a browser said so, compared with the app's origin; undefined when it did not. */
function sameOrigin(config: Pick<ServerConfig, "appOrigin">, request: Request): boolean | undefined {
  const origin = request.headers.get("origin");
  if (origin !== null) return origin.toLowerCase() === config.appOrigin;
  const site = request.headers.get("sec-fetch-site");
  return site === null ? undefined : site === "same-origin";
}

/** A 403 for a state-changing request another origin's page sent; undefined when the request may go on. */
export function refuseCrossOrigin(config: Pick<ServerConfig, "appOrigin">, request: Request): Response | undefined {
  if (request.method === "GET" || request.method === "HEAD") return undefined;
  if (sameOrigin(config, request) !== false) return undefined;
  return errorJson(403, "cross_origin_request", `Only a page of ${config.appOrigin} may send this request.`);
}
