/**
 * `getUser()` and `getUserOrRedirect()` for server components, route handlers and server actions: the access token
 * from the middleware's request header (a fresh one after a refresh) or the cookie, verified locally. Neither ever
 * refreshes: a render cannot set cookies, and a rotated refresh token that is not saved would sign the user out.
 * Within one request the user is read once (remembered on the request's headers object): the layout and the page
 * share the read.
 */
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ServerAuth, ServerUser } from "../server/index.js";
import { CURRENT_PATH_HEADER } from "./request-headers.js";
import { getServerAuth } from "./server-config.js";

/** Where `getUserOrRedirect` sends the visitor back to after the login. */
export interface GetUserOrRedirectOptions {
  /** A path of this app (starting with one `/`). Default: the page being rendered, as the middleware saw it, else `/`. */
  returnToPath?: string;
}

/** The readers of one server session whose auth routes are under `basePath()`. */
export interface SessionReaders {
  getUser(): Promise<ServerUser | undefined>;
  getUserOrRedirect(options?: GetUserOrRedirectOptions): Promise<ServerUser>;
  /** Next's redirect to the login route, back to `returnToPath` (default: the page being rendered). */
  redirectToLogin(returnToPath?: string): Promise<never>;
}

/** A path the login route accepts as its return path: one leading slash, no scheme or host. */
function safeReturnPath(path: string | null | undefined): string {
  return path?.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : "/";
}

/** The readers over a server session and the folder of its auth routes (both looked up at call time). */
export function createSessionReaders(auth: () => ServerAuth, basePath: () => string): SessionReaders {
  // the read of each request, by its headers object (Next hands one per request; it goes with the request) and the
  // headers it read the session from
  const reads = new WeakMap<object, { from: string; read: Promise<ServerUser | undefined> }>();
  async function getUser(): Promise<ServerUser | undefined> {
    const incoming = await headers();
    // readSession reads the standard Request; only the headers it reads the session from are copied
    const copied = new Headers();
    for (const [name, value] of incoming) {
      if (name === "cookie" || name.startsWith("x-orgauth-")) copied.set(name, value);
    }
    const from = [...copied].join("\n");
    const known = reads.get(incoming);
    if (known?.from === from) return known.read;
    const read = auth().readSession(new Request("http://localhost/", { headers: copied }));
    reads.set(incoming, { from, read });
    return read;
  }
  async function redirectToLogin(returnToPath?: string): Promise<never> {
    const path = returnToPath ?? (await headers()).get(CURRENT_PATH_HEADER);
    redirect(`${basePath()}/login?return_to_path=${encodeURIComponent(safeReturnPath(path))}`);
  }
  async function getUserOrRedirect(options: GetUserOrRedirectOptions = {}): Promise<ServerUser> {
    return (await getUser()) ?? redirectToLogin(options.returnToPath);
  }
  return { getUser, getUserOrRedirect, redirectToLogin };
}

/** The readers of the module-wide server session (`configureServerAuth` or the environment), routes at /api/auth. */
const moduleReaders = /* @__PURE__ */ createSessionReaders(getServerAuth, () => "/api/auth");

/**
 * The signed-in user of this request, or undefined; no request to the auth host when a verifier key is set. Throws
 * `AccessTokenError` `key_unavailable` while the auth host's keys cannot be fetched (an outage, not a sign-out).
 * @deprecated Use `createOrgauth(config).getUser`; this one reads the module-wide configuration.
 */
export function getUser(): Promise<ServerUser | undefined> {
  return moduleReaders.getUser();
}

/**
 * The signed-in user; without one, a redirect (Next's `redirect`) to `/api/auth/login` and back. While the auth
 * host's keys cannot be fetched it throws `AccessTokenError` `key_unavailable` instead: an outage sends no one to login.
 * @deprecated Use `createOrgauth(config).getUserOrRedirect`, which knows where the auth routes are.
 */
export function getUserOrRedirect(options: GetUserOrRedirectOptions = {}): Promise<ServerUser> {
  return moduleReaders.getUserOrRedirect(options);
}
