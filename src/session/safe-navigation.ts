/** Navigation safety: only http(s) targets handed to us by the server are ever followed. */
import { UnsafeNavigationError } from "./errors.js";

const ALLOWED_PROTOCOLS = new Set(["http:", "https:"]);

/**
 * Returns the target as an absolute http(s) URL string, or throws `UnsafeNavigationError`
 * (for `javascript:`, `data:`, `file:` … or an unparseable value). `source` names where it came from.
 */
export function assertSafeNavigationTarget(target: unknown, source: string, base?: string): string {
  if (typeof target !== "string") throw new UnsafeNavigationError(null, source);
  let url: URL;
  try {
    url = base === undefined ? new URL(target) : new URL(target, base);
  } catch {
    throw new UnsafeNavigationError(null, source);
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) throw new UnsafeNavigationError(url.protocol, source);
  return url.href;
}
