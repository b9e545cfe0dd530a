/**
 * `Authorization: Bearer <credential>` read once for every server check: the credential, or why there is none. Any
 * value a framework may hand over (a string, undefined, an array of repeated headers, a number) gets an answer; none
 * throws.
 */

/** The credential of an `Authorization` header, or why there is none. */
export type BearerCredential =
  | { readonly ok: true; readonly credential: string }
  | { readonly ok: false; readonly reason: "missing" | "malformed" };

/** Reads `Bearer <credential>` (the scheme in any case); a value that is not a string, or is blank, is `missing`. */
export function readBearer(header: unknown): BearerCredential {
  if (typeof header !== "string" || header.trim() === "") return { ok: false, reason: "missing" };
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header.trim());
  return match ? { ok: true, credential: match[1]! } : { ok: false, reason: "malformed" };
}

/** True for a credential shaped as a JWT (three dot-separated parts): an access token, never an API key. */
export const isJwtShaped = (credential: string): boolean => credential.split(".").length === 3;
