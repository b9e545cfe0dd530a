/** Limits on request bodies: their size, and how deeply JSON may nest (checked before parsing, without recursion). */

/** The largest request body the emulator reads, in bytes. */
export const MAX_BODY_BYTES = 1_000_000;

/** How deeply objects and arrays may nest in a JSON body. */
export const MAX_JSON_DEPTH = 64;

/**
 * The deepest nesting of objects and arrays in a JSON text, found in one pass over its characters (brackets inside
 * strings do not count). Stops counting once `limit` is passed, so its cost never depends on how deep a body goes.
 */
export function jsonDepthExceeds(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}
