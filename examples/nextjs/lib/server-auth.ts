/** Server-only helpers: where the auth host and this app live, and a transport that calls the API as the visitor. */
import { headers } from "next/headers";
import { createHostedPageUrls, createTransport, forwardCookies, type Transport } from "orgauth";

/** The auth URL (your PropelAuth URL, or the emulator's in development), read at request time. */
export function authUrl(): string {
  const url = process.env.AUTH_URL;
  if (!url) throw new Error("Set AUTH_URL to your auth URL (in development: the emulator's URL)");
  return url;
}

/** This app's own origin, e.g. http://127.0.0.1:3000: the only place a server-side `returnTo` may point to. */
export function appUrl(): string {
  const url = process.env.APP_URL;
  if (!url) throw new Error("Set APP_URL to this app's origin, e.g. http://127.0.0.1:3000");
  return url;
}

/** A transport whose calls carry the incoming request's cookies: the front-end API answers as the visitor. */
export function transportFor(request: Request | Headers): Transport {
  return createTransport({ authUrl: authUrl(), fetch: forwardCookies(request) });
}

/** The same, for a server component or server action (they read the request's headers from `next/headers`). */
export async function requestTransport(): Promise<Transport> {
  return transportFor(await headers());
}

/**
 * The hosted login page that sends the visitor back to `path` of this app. On a server there is no current page,
 * so `returnTo` must be absolute and its origin must be listed in `allowedRedirectOrigins`.
 */
export function loginUrl(path: string): string {
  const origin = appUrl();
  return createHostedPageUrls(authUrl(), () => null, [origin]).login({ returnTo: new URL(path, origin).href });
}
