/**
 * The session's cookies on the app's own domain: names (the provider's, so a migrating app's users stay signed in),
 * reading a `Cookie` header, writing `Set-Cookie` lines, and an access token too large for one cookie split into
 * numbered chunks (`__pa_at.0`, `__pa_at.1` …).
 */

/** The cookie names: the provider's own for the tokens, the active org and the return path. */
export const SESSION_COOKIES = /* @__PURE__ */ Object.freeze({
  accessToken: "__pa_at",
  refreshToken: "__pa_rt",
  activeOrgId: "__pa_org_id",
  /** The prefix of the per-login-attempt state cookies (`__pa_state.<nonce>`). */
  state: "__pa_state",
} as const);

/** The request header that carries a fresh access token from the request handler to the render. */
export const ACCESS_TOKEN_HEADER = "x-orgauth-access-token";

/** Largest value one cookie holds here (browsers keep name + value up to 4096 bytes). */
export const COOKIE_CHUNK_BYTES = 3800;
/** Most chunks an access token may take: beyond it the request headers outgrow what servers accept (16 KB). */
export const MAX_COOKIE_CHUNKS = 3;

/** The attributes every session cookie has. */
export interface CookieAttributes {
  secure: boolean;
  path?: string;
  maxAgeSeconds?: number;
}

/** The cookies of a request by name (the first of a repeated name wins). */
export function readCookies(request: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name === "" || cookies.has(name)) continue;
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

/** One `Set-Cookie` line: HttpOnly, SameSite=Lax, `Path=/` unless given, `Secure` when asked. */
export function setCookie(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${attributes.path ?? "/"}`, "HttpOnly", "SameSite=Lax"];
  if (attributes.secure) parts.push("Secure");
  if (attributes.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.floor(attributes.maxAgeSeconds)}`);
  return parts.join("; ");
}

/** A `Set-Cookie` line that deletes the cookie. */
export function clearCookie(name: string, attributes: Omit<CookieAttributes, "maxAgeSeconds">): string {
  return setCookie(name, "", { ...attributes, maxAgeSeconds: 0 });
}

const chunkName = (name: string, index: number) => `${name}.${index}`;

/** A value stored whole under `name`, or in chunks `name.0`, `name.1` … (undefined when absent or incomplete). */
export function readChunked(cookies: Map<string, string>, name: string): string | undefined {
  const whole = cookies.get(name);
  if (whole) return whole;
  let value = "";
  for (let index = 0; cookies.has(chunkName(name, index)); index++) value += cookies.get(chunkName(name, index));
  return value === "" ? undefined : value;
}

/**
 * The `Set-Cookie` lines that store `value` under `name`: whole when it fits one cookie, else in chunks; the
 * cookies of the other form (or left over from a longer value) are deleted. Null when the value needs more than
 * `MAX_COOKIE_CHUNKS` chunks.
 */
export function writeChunked(
  cookies: Map<string, string>,
  name: string,
  value: string,
  attributes: CookieAttributes,
): string[] | null {
  const encoded = encodeURIComponent(value);
  const lines: string[] = [];
  let chunks = 0;
  if (encoded.length <= COOKIE_CHUNK_BYTES) {
    lines.push(setCookie(name, value, attributes));
  } else {
    chunks = Math.ceil(value.length / COOKIE_CHUNK_BYTES);
    if (chunks > MAX_COOKIE_CHUNKS) return null;
    for (let index = 0; index < chunks; index++) {
      const piece = value.slice(index * COOKIE_CHUNK_BYTES, (index + 1) * COOKIE_CHUNK_BYTES);
      lines.push(setCookie(chunkName(name, index), piece, attributes));
    }
    if (cookies.has(name)) lines.push(clearCookie(name, attributes));
  }
  for (let index = chunks; cookies.has(chunkName(name, index)); index++) {
    lines.push(clearCookie(chunkName(name, index), attributes));
  }
  return lines;
}

/** The `Set-Cookie` lines that delete a value stored by `writeChunked`, in whichever form the request has it. */
export function clearChunked(cookies: Map<string, string>, name: string, attributes: CookieAttributes): string[] {
  const lines = cookies.has(name) ? [clearCookie(name, attributes)] : [];
  for (let index = 0; cookies.has(chunkName(name, index)); index++) {
    lines.push(clearCookie(chunkName(name, index), attributes));
  }
  return lines;
}
