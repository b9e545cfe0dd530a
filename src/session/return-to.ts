/**
 * The `rt` (return-to) parameter: base64 of the UTF-8 bytes of the URL (the vendor's `btoa` throws on non-Latin-1).
 * The bytes come from `encodeURIComponent`, not `TextEncoder`, which jsdom 20 (jest 29's DOM) does not have.
 */

const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Encodes a return URL as standard base64 of its UTF-8 bytes (equal to `btoa(url)` for ASCII; a lone surrogate is U+FFFD). */
export function encodeReturnTo(url: string): string {
  const escaped = encodeURIComponent(url.replace(LONE_SURROGATES, "\uFFFD"));
  return btoa(escaped.replace(/%([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))));
}

/** Decodes an `rt` value produced by `encodeReturnTo`; throws on bytes that are not UTF-8. */
export function decodeReturnTo(rt: string): string {
  const binary = atob(rt);
  return decodeURIComponent(
    Array.from(binary, (char) => `%${char.charCodeAt(0).toString(16).padStart(2, "0")}`).join(""),
  );
}
