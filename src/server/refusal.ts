/**
 * A "logged out" from the auth host is not proof of a dead session: another instance may have rotated the refresh
 * token a moment ago, and its answer (with the new token) may reach the browser before or after ours. So the first
 * refusal of a refresh token only reads as signed out and is remembered in a short-lived cookie (a digest of the
 * token, never the token; cookie-store.ts writes it); the second refusal of the same token clears the session. A
 * dead session is cleared within two requests; a request that lost a rotation race never deletes the newer session.
 */

/** The digest of a refresh token the refusal cookie holds (SHA-256, base64url). */
export async function refusalDigest(refreshToken: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(refreshToken));
  return btoa(String.fromCharCode(...new Uint8Array(digest)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}
