/**
 * Verified access tokens, remembered per server configuration: the middleware, the layout and the page of one
 * request, and every request a browser sends while its access token lives, read the same token. Its signature is
 * checked once (RS256, jose); a later read of the same token checks only that it has not expired (with the clock
 * tolerance, as jose does) and answers the user built then. A token that expired is verified again, which refuses it.
 */
import { createLruMap } from "./lru-map.js";
import type { ServerUser } from "./server-user.js";
import type { AccessTokenVerifier } from "./verify.js";

/** The most tokens remembered at once; the least recently read goes first. */
const MAX_REMEMBERED = 500;

/** `verify` with a memory of the tokens it accepted, until each expires. */
export function rememberVerified(verify: AccessTokenVerifier, clockToleranceSeconds: number): AccessTokenVerifier {
  const verified = createLruMap<string, ServerUser>(MAX_REMEMBERED);
  return async (token) => {
    const known = typeof token === "string" ? verified.get(token) : undefined;
    if (known !== undefined) {
      if (known.expiresAtSeconds + clockToleranceSeconds > Date.now() / 1000) return known;
      verified.delete(token as string);
    }
    const user = await verify(token);
    verified.set(user.accessToken, user);
    return user;
  };
}
