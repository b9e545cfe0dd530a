/**
 * The fresh access token the request handler (the middleware) hands to the render in `ACCESS_TOKEN_HEADER`, signed
 * so that the render trusts it only when the handler set it in this request: a client can send the same header on a
 * path the middleware does not run on, and it must not beat the cookie. The signature is an HMAC-SHA256 of the
 * token with a key derived from the integration API key, which every bundle of the app holds (the middleware and the
 * route handlers, also when the middleware runs in an edge sandbox with its own globals) and no browser does.
 */
import { ACCESS_TOKEN_HEADER } from "./cookie-store.js";
import type { ServerConfig } from "./options.js";

/** The request header with the signature of `ACCESS_TOKEN_HEADER`'s token. */
export const ACCESS_TOKEN_SIGNATURE_HEADER = "x-orgauth-access-token-signature";

const encoder = new TextEncoder();
const keys = new WeakMap<ServerConfig, Promise<CryptoKey>>();

/** The HMAC key of this configuration: SHA-256 over a label and the API key (made once). */
function signingKey(config: ServerConfig): Promise<CryptoKey> {
  let key = keys.get(config);
  if (key === undefined) {
    key = crypto.subtle
      .digest("SHA-256", encoder.encode(`orgauth forwarded access token v1\n${config.apiKey}`))
      .then((raw) => crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]));
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

/** Bytes of base64url text, or undefined when it is not base64url. */
function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The signature of a token the request handler forwards. */
export async function signForwardedToken(config: ServerConfig, token: string): Promise<string> {
  return base64url(await crypto.subtle.sign("HMAC", await signingKey(config), encoder.encode(token)));
}

/** The forwarded token of a request when its signature holds (the request handler set it), else undefined. */
export async function forwardedToken(config: ServerConfig, headers: Headers): Promise<string | undefined> {
  const token = headers.get(ACCESS_TOKEN_HEADER);
  const signature = fromBase64url(headers.get(ACCESS_TOKEN_SIGNATURE_HEADER) ?? "");
  if (!token || signature === undefined) return undefined;
  const valid = await crypto.subtle.verify("HMAC", await signingKey(config), signature, encoder.encode(token));
  return valid ? token : undefined;
}
