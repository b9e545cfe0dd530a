/**
 * Where the app may send the browser after login or logout: the same rule as the browser client's `returnTo` — an
 * http(s) URL, resolved against the app's origin (the redirect URI's), on that origin or an allowed one. Anything
 * else (`//evil.example`, `\\evil.example`, `https://evil.example`, `javascript:`) is refused.
 */
import { parseUrl } from "../shared/parse-url.js";
import type { ServerConfig } from "./options.js";

/** The checked target as an absolute URL, or null when it leaves the app's origins. Default: the app's root. */
export function checkReturnPath(config: ServerConfig, target: string | null | undefined): string | null {
  if (target === null || target === undefined || target === "") return new URL("/", config.appOrigin).href;
  if (target.length > 2048 || [...target].some((char) => char < " " || char === "\u007f")) return null;
  const url = parseUrl(target, config.appOrigin);
  if (!url) return null;
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.origin !== config.appOrigin && !config.allowedOrigins.has(url.origin)) return null;
  return url.href;
}
