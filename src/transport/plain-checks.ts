/**
 * The checks the generated session validators (src/generated/validators/session.ts) are built from: the same checks as
 * zod/mini's response validators (types, required keys, whole numbers, enums; unknown keys dropped, loose objects kept
 * whole), as plain functions with zod's `safeParse` shape. Only that generated module imports this one, so a bundler
 * puts both in one chunk that imports no other (one round trip while the first refresh is in flight).
 */

/**
 * One thing wrong with an answer: where (keys from its root) and what.
 * @public (the generated validators' declarations name it)
 */
export interface Issue {
  path: PropertyKey[];
  message: string;
}

/** Checks one part of an answer, adds what is wrong to `issues` and returns the part as the session reads it. */
export type Check = (value: unknown, path: PropertyKey[], issues: Issue[]) => unknown;

/** A check's result for a whole answer, shaped as zod's `safeParse` result (the error an `Error`, as zod's). */
export type Checked<T> = { success: true; data: T } | { success: false; error: Error & { issues: Issue[] } };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A check that `test` passes, named `expected` in the issue.
 * @public (the generator emits it for a number's check; the current contract has none)
 */
export const kind =
  (expected: string, test: (value: unknown) => boolean): Check =>
  (value, path, issues) => {
    if (!test(value)) issues.push({ path, message: `expected ${expected}` });
    return value;
  };

/** A string. */
export const string = kind("string", (value) => typeof value === "string");
/** A boolean. */
export const boolean = kind("boolean", (value) => typeof value === "boolean");
/** Any whole JSON number (the provider promises no safe-integer range). */
export const integer = kind("integer", Number.isInteger);

/** One of the listed values. */
export const oneOf = (values: readonly unknown[]): Check => kind(values.join("|"), (value) => values.includes(value));

/** A list whose every item passes `item` (a hole is an undefined item). */
export const array =
  (item: Check): Check =>
  (value, path, issues) =>
    Array.isArray(value)
      ? Array.from(value, (entry, index) => item(entry, [...path, index], issues))
      : kind("array", Array.isArray)(value, path, issues);

/**
 * An object: each known key checked (an optional one may be missing or undefined); other keys dropped, kept as they
 * are (`rest` true) or each checked by `rest`. Built with `Object.fromEntries`: a `__proto__` key stays a key.
 */
export const object =
  (shape: Record<string, [Check, optional?: true]>, rest?: Check | true): Check =>
  (value, path, issues) => {
    if (!isObject(value)) return kind("object", isObject)(value, path, issues);
    const entries: [string, unknown][] = [];
    for (const [key, [check, optional]] of Object.entries(shape)) {
      if (!optional || value[key] !== undefined) entries.push([key, check(value[key], [...path, key], issues)]);
      else if (Object.hasOwn(value, key)) entries.push([key, undefined]);
    }
    for (const key of rest ? Object.keys(value) : []) {
      if (!Object.hasOwn(shape, key))
        entries.push([key, rest === true ? value[key] : rest!(value[key], [...path, key], issues)]);
    }
    return Object.fromEntries(entries);
  };

/** A whole answer's validator, with zod's `safeParse`. */
export const validator = <T>(check: Check) => ({
  safeParse(input: unknown): Checked<T> {
    const issues: Issue[] = [];
    const data = check(input, [], issues) as T;
    if (!issues.length) return { success: true, data };
    // the message lists the issues, as zod's error's does
    return { success: false, error: Object.assign(new Error(JSON.stringify(issues)), { issues }) };
  },
});
