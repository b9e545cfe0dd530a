/** The message every invalid `authUrl` fails with. */
const INVALID_AUTH_URL_MESSAGE = "Unable to initialize auth client";

/** Reduces an auth URL to its origin (`https://auth.example.com/any/path` → `https://auth.example.com`); throws on an invalid one. */
export function toAuthOrigin(authUrl: string): string {
  try {
    const url = new URL(authUrl);
    if (/^https?:$/.test(url.protocol)) return url.origin;
    throw new Error(`Unsupported protocol ${url.protocol}`);
  } catch (cause) {
    throw new Error(INVALID_AUTH_URL_MESSAGE, { cause });
  }
}
