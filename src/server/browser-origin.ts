/**
 * The origin the browser used for a request. Frameworks may hand a route handler a URL of their own (Next.js gives
 * `http://localhost:PORT` whatever host the browser asked for), so the host comes from the `Host` header; the
 * `X-Forwarded-Host` and `X-Forwarded-Proto` a proxy adds are read only under `trustHost`, since anyone can send them.
 */
import { parseUrl } from "../shared/parse-url.js";
import type { ServerConfig } from "./options.js";

/** The first value of a comma-separated header, trimmed; undefined when empty. */
const firstValue = (value: string | null): string | undefined => value?.split(",")[0]?.trim() || undefined;

/** The origin the browser sent the request to: the request URL's scheme with the `Host` header's host. */
export function browserOrigin(config: Pick<ServerConfig, "trustHost">, request: Request): string {
  const url = new URL(request.url);
  const headers = request.headers;
  const forwarded = config.trustHost ? firstValue(headers.get("x-forwarded-host")) : undefined;
  const host = forwarded ?? firstValue(headers.get("host"));
  const forwardedProto = config.trustHost ? firstValue(headers.get("x-forwarded-proto")) : undefined;
  const protocol = forwardedProto === "https" || forwardedProto === "http" ? `${forwardedProto}:` : url.protocol;
  if (host === undefined) return url.origin;
  const parsed = parseUrl(`${protocol}//${host}`);
  // a Host header with a path, credentials, a query or a fragment is not one a browser sends
  const onlyHost = parsed && `${parsed.protocol}//${parsed.host}/` === parsed.href && !host.includes("@");
  return onlyHost ? parsed.origin : url.origin;
}
