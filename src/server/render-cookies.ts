/**
 * The `Cookie` header the render sees after the request handler changed the session: the request's header with the
 * `Set-Cookie` lines applied. Only the cookies those lines name change; every other cookie of the app stays as the
 * browser sent it, byte for byte (no decoding or re-encoding, quotes kept, a repeated name kept, the order kept).
 */

/** What one `Set-Cookie` line does: the cookie's name, and its value as written, or null when it deletes it. */
function changeOf(line: string): [string, string | null] {
  const [pair = ""] = line.split(";");
  const at = pair.indexOf("=");
  const deletes = /;\s*Max-Age=0\s*(;|$)/i.test(line);
  return [pair.slice(0, at).trim(), deletes ? null : pair.slice(at + 1)];
}

/** The request's `Cookie` header with the `Set-Cookie` lines applied (set in place or appended, or deleted). */
export function cookieHeaderAfter(header: string, setCookies: readonly string[]): string {
  const changes = new Map(setCookies.map(changeOf));
  const written = new Set<string>();
  const parts: string[] = [];
  for (const part of header.split(";")) {
    const raw = part.trim();
    if (raw === "") continue;
    const at = raw.indexOf("=");
    const name = (at < 0 ? raw : raw.slice(0, at)).trim();
    if (!changes.has(name)) {
      parts.push(raw);
      continue;
    }
    const value = changes.get(name);
    if (typeof value === "string" && !written.has(name)) parts.push(`${name}=${value}`);
    written.add(name);
  }
  for (const [name, value] of changes) {
    if (value !== null && !written.has(name)) parts.push(`${name}=${value}`);
  }
  return parts.join("; ");
}
