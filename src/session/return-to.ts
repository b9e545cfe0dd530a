/** The `rt` (return-to) parameter: base64 of the UTF-8 bytes of the URL (the vendor's `btoa` throws on non-Latin-1). */

/** Encodes a return URL as standard base64 of its UTF-8 bytes (equal to `btoa(url)` for ASCII). */
export function encodeReturnTo(url: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(url)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Decodes an `rt` value produced by `encodeReturnTo`. */
export function decodeReturnTo(rt: string): string {
  const binary = atob(rt);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}
