/**
 * A "logged out" from the auth host is not proof of a dead session: another instance may have rotated the refresh
 * token a moment ago, and its answer (with the new token) may reach the browser before or after ours. So a refusal
 * of a refresh token with no valid access token left is `session_rotated` (retry in a second: the browser is about
 * to store the newer token), counted in a cookie (a digest of the token, never the token; cookie-store.ts writes
 * it). The third refusal of the same token ends the session here: it reads as signed out, the access token is
 * deleted and the refresh token marked as ended, so it is not sent to the auth host again. The refresh-token cookie
 * itself is never deleted by a refusal: that response may land after the one that stored the winner's session.
 */

/** Refusals of one refresh token after which its session is taken as ended (two retries before). */
export const REFUSALS_TO_END = 3;

/** The digest of a refresh token the refusal cookie holds (SHA-256, base64url). */
export async function refusalDigest(refreshToken: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(refreshToken));
  return btoa(String.fromCharCode(...new Uint8Array(digest)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}
