/**
 * Lone surrogates: a string with half a UTF-16 pair (a lone surrogate) cannot be percent-encoded (encodeURIComponent throws a
 * URIError) and `URLSearchParams` silently turns it into U+FFFD. Such an argument is refused before anything is sent.
 */

/** True when `value` is a string without lone surrogates. */
export function isWellFormedString(value: string): boolean {
  // a high surrogate not followed by a low one, or a low one not preceded by a high one
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}

/** The message of a string argument with a lone surrogate. */
export const LONE_SURROGATE_MESSAGE = "must not contain a lone surrogate";
