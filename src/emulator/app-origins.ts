import { isLoopback } from "./server.js";

/**
 * Whether an app at `origin` may be sent back to after a login: an http(s) page on a loopback name (localhost,
 * 127.x.x.x, ::1), where local apps run.
 */
export function isAllowedAppOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return (url.protocol === "http:" || url.protocol === "https:") && isLoopback(url.hostname);
}
