/** Server-only helpers: where the auth host is, and a transport that calls its front-end API as the visitor. */
import { headers } from "next/headers";
import { createTransport, forwardCookies, type Transport } from "orgauth";

/** The auth URL (your PropelAuth URL, or the emulator's in development), read at request time. */
export function authUrl(): string {
  // read through a variable, so the value comes from the server's environment at request time, not from the build
  const env = process.env;
  const url = env.NEXT_PUBLIC_AUTH_URL;
  if (!url) throw new Error("Set NEXT_PUBLIC_AUTH_URL to your auth URL (in development: the emulator's URL)");
  return url;
}

/**
 * A transport whose front-end API calls carry the visitor's cookies for the auth host. It works only while the app
 * and the auth host share a host name (in development: both on 127.0.0.1); the session itself does not need it.
 */
export async function requestTransport(): Promise<Transport> {
  return createTransport({ authUrl: authUrl(), fetch: forwardCookies(await headers()) });
}
