/**
 * Text PostgreSQL refuses to store: U+0000 (NUL; `text` and `jsonb` cannot hold it) and UTF-16 surrogates that are
 * not half of a pair (no UTF-8 form). Found at the edge, in the path, the query, a JSON body or a form, so such a
 * request is a 400 `invalid_character` instead of a database error.
 */
import { ProviderError } from "./errors.js";

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string holds a character PostgreSQL cannot store. */
export const unstorable = (text: string): boolean => text.includes("\u0000") || LONE_SURROGATE.test(text);

/**
 * The JSON path of the first string (value or key) in `value` that PostgreSQL cannot store, or null. Walks with a
 * stack, so a deep value (the body's depth is limited before parsing anyway) cannot overflow the call stack.
 */
function unstorablePath(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === "string") {
      if (unstorable(item)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((entry, i) => stack.push([entry, `${path}[${i}]`]));
    } else if (item !== null && typeof item === "object") {
      for (const [key, entry] of Object.entries(item)) {
        if (unstorable(key)) return `${path} (a key)`;
        stack.push([entry, `${path}.${key}`]);
      }
    }
  }
  return null;
}

/** Throws the 400 `invalid_character` naming where, when any of `parts` holds text PostgreSQL cannot store. */
export function assertStorable(parts: Record<string, unknown>): void {
  for (const [where, value] of Object.entries(parts)) {
    const path = unstorablePath(value, where);
    if (path !== null)
      throw new ProviderError(
        400,
        "invalid_character",
        `${path} holds a character that cannot be stored (U+0000 or an unpaired UTF-16 surrogate)`,
      );
  }
}
