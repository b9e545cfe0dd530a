/**
 * Reduces an auth URL to its origin (`https://auth.example.com/any/path` → `https://auth.example.com`); an invalid
 * one fails with `Error("Unable to initialize auth client")`, its cause saying why.
 */
export function toAuthOrigin(authUrl: string): string {
  try {
    const url = new URL(authUrl);
    if (/^https?:$/.test(url.protocol)) return url.origin;
    throw new Error(`Unsupported protocol ${url.protocol}`);
  } catch (cause) {
    throw new Error("Unable to initialize auth client", { cause });
  }
}
