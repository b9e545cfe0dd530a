/**
 * Lone surrogates: a string with half a UTF-16 pair (a lone surrogate) cannot be percent-encoded (encodeURIComponent
 * throws a URIError) and `URLSearchParams` silently turns it into U+FFFD. Such an argument is refused before anything
 * is sent.
 */

/** True when `value` is a string without lone surrogates. */
export function isWellFormedString(value: string): boolean {
  // in a `u` pattern a pair is one code point, so the surrogate category matches only a half (as return-to.ts reads it)
  return !/\p{Cs}/u.test(value);
}

/** The message of a string argument with a lone surrogate. */
export const LONE_SURROGATE_MESSAGE = "must not contain a lone surrogate";
