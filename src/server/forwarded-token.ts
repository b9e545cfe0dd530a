/**
 * The fresh access token the request handler (the middleware) hands to the render in `ACCESS_TOKEN_HEADER`, signed
 * so that the render trusts it only when the handler set it in this request: a client can send the same header on a
 * path the middleware does not run on, and it must not beat the cookie. The signature is an HMAC-SHA256 of the
 * token with a key derived from the integration API key, which every bundle of the app holds (the middleware and the
 * route handlers, also when the middleware runs in an edge sandbox with its own globals) and no browser does.
 * A token's signature is computed once per server instance and remembered while the token is in use (an HMAC on
 * WebCrypto is a job on another thread: two of them on every page view are a wait before the first byte); a
 * forwarded signature is compared with the remembered one in constant time.
 */
import { ACCESS_TOKEN_HEADER } from "./cookie-store.js";
import { createLruMap, type LruMap } from "./lru-map.js";
import type { ServerConfig } from "./options.js";

/** The request header with the signature of `ACCESS_TOKEN_HEADER`'s token. */
export const ACCESS_TOKEN_SIGNATURE_HEADER = "x-orgauth-access-token-signature";

/** The most tokens whose signature is remembered per configuration; the least recently used goes first. */
const MAX_REMEMBERED = 500;

const encoder = new TextEncoder();
const keys = new WeakMap<ServerConfig, Promise<CryptoKey>>();
const signatures = new WeakMap<ServerConfig, LruMap<string, string>>();

/** The HMAC key of this configuration: SHA-256 over a label and the API key (made once). */
function signingKey(config: ServerConfig): Promise<CryptoKey> {
  let key = keys.get(config);
  if (key === undefined) {
    key = crypto.subtle
      .digest("SHA-256", encoder.encode(`orgauth forwarded access token v1\n${config.apiKey}`))
      .then((raw) => crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]));
    keys.set(config, key);
  }
  return key;
}

/** Base64url of bytes. */
const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

/** True when two strings are equal, in a time that depends on their length only. */
function equalInConstantTime(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** The signatures of this configuration remembered so far, by token. */
function rememberedSignatures(config: ServerConfig): LruMap<string, string> {
  let remembered = signatures.get(config);
  if (remembered === undefined) {
    remembered = createLruMap(MAX_REMEMBERED);
    signatures.set(config, remembered);
  }
  return remembered;
}

/** The signature of `token` (base64url), computed now. */
async function computeSignature(config: ServerConfig, token: string): Promise<string> {
  return base64url(await crypto.subtle.sign("HMAC", await signingKey(config), encoder.encode(token)));
}

/** The signature of a token the request handler forwards (computed once per token, then remembered). */
export async function signForwardedToken(config: ServerConfig, token: string): Promise<string> {
  const remembered = rememberedSignatures(config);
  const known = remembered.get(token);
  if (known !== undefined) return known;
  const signature = await computeSignature(config, token);
  remembered.set(token, signature);
  return signature;
}

/** The forwarded token of a request when its signature holds (the request handler set it), else undefined. */
export async function forwardedToken(config: ServerConfig, headers: Headers): Promise<string | undefined> {
  const token = headers.get(ACCESS_TOKEN_HEADER);
  const signature = headers.get(ACCESS_TOKEN_SIGNATURE_HEADER);
  if (!token || !signature) return undefined;
  const remembered = rememberedSignatures(config);
  const known = remembered.get(token);
  if (known !== undefined) return equalInConstantTime(known, signature) ? token : undefined;
  // only a signature that holds is remembered: a client's guesses never push the sessions in use out
  const expected = await computeSignature(config, token);
  if (!equalInConstantTime(expected, signature)) return undefined;
  remembered.set(token, expected);
  return token;
}
