/**
 * `getUser()` and `getUserOrRedirect()` for server components, route handlers and server actions: the access token
 * from the middleware's request header (a fresh one after a refresh) or the cookie, verified locally. Neither ever
 * refreshes: a render cannot set cookies, and a rotated refresh token that is not saved would sign the user out.
 */
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ServerUser } from "../server/index.js";
import { CURRENT_PATH_HEADER } from "./request-headers.js";
import { getServerAuth } from "./server-config.js";

/** Where `getUserOrRedirect` sends the visitor back to after the login. */
export interface GetUserOrRedirectOptions {
  /** A path of this app (starting with one `/`). Default: the page being rendered, as the middleware saw it, else `/`. */
  returnToPath?: string;
}

/**
 * The signed-in user of this request, or undefined; no request to the auth host when a verifier key is set. Throws
 * `AccessTokenError` `key_unavailable` while the auth host's keys cannot be fetched (an outage, not a sign-out).
 */
export async function getUser(): Promise<ServerUser | undefined> {
  const incoming = await headers();
  // readSession reads the standard Request; only the headers it reads the session from are copied
  const copied = new Headers();
  for (const [name, value] of incoming) {
    if (name === "cookie" || name.startsWith("x-orgauth-")) copied.set(name, value);
  }
  return getServerAuth().readSession(new Request("http://localhost/", { headers: copied }));
}

/** A path the login route accepts as its return path: one leading slash, no scheme or host. */
function safeReturnPath(path: string | null | undefined): string {
  return path?.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : "/";
}

/**
 * The signed-in user; without one, a redirect (Next's `redirect`) to this app's login route and back. While the auth
 * host's keys cannot be fetched it throws `AccessTokenError` `key_unavailable` instead: an outage sends no one to login.
 */
export async function getUserOrRedirect(options: GetUserOrRedirectOptions = {}): Promise<ServerUser> {
  const user = await getUser();
  if (user) return user;
  const path = options.returnToPath ?? (await headers()).get(CURRENT_PATH_HEADER);
  redirect(`/api/auth/login?return_to_path=${encodeURIComponent(safeReturnPath(path))}`);
}
