/**
 * `href` (resolved against `base` when given) as a URL, or undefined when it does not parse. The one URL check of
 * every layer: `URL.canParse` is newer than the browsers orgauth supports (Chrome 120, Firefox 115, Safari 17).
 */
export function parseUrl(href: string, base?: string): URL | undefined {
  try {
    return new URL(href, base);
  } catch {
    // Not a URL: the function ends, answering undefined.
  }
}
