/**
 * The `rt` (return-to) parameter: base64 of the UTF-8 bytes of the URL (the vendor's `btoa` throws on non-Latin-1).
 * The bytes come from `encodeURIComponent` (`unescape` turns its `%XX` escapes into bytes), not `TextEncoder`, which
 * jsdom 20 (jest 29's DOM) does not have.
 */

/** Encodes a return URL as standard base64 of its UTF-8 bytes (equal to `btoa(url)` for ASCII; a lone surrogate is U+FFFD). */
export function encodeReturnTo(url: string): string {
  // with the `u` flag a surrogate pair is one code point, so only lone surrogates match
  return btoa(unescape(encodeURIComponent(url.replace(/\p{Cs}/gu, "\uFFFD"))));
}

/** Decodes an `rt` value produced by `encodeReturnTo`; throws on bytes that are not UTF-8. */
export function decodeReturnTo(rt: string): string {
  return decodeURIComponent(escape(atob(rt)));
}
