/**
 * The limits a seed is held to before it is validated: how big a seed file may be (checked before it is read) and
 * how deeply its objects and arrays may nest (checked without recursion, so a seed nested 100,000 deep is an error
 * naming the JSON path where it went too deep, not a stack overflow).
 */
import { MAX_JSON_DEPTH } from "../http/json-limits.js";

/** The largest seed file the emulator reads: 64 MiB (about 300,000 users with password hashes). */
export const MAX_SEED_FILE_BYTES = 64 * 1024 * 1024;

/** How deeply objects and arrays may nest in a seed: the same limit as a request body's. */
const MAX_SEED_DEPTH = MAX_JSON_DEPTH;

/** A byte count in MiB, one decimal. */
const mebibytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The problem line for a seed file of `bytes` bytes, or null when it is within the limit. */
export function seedSizeProblem(bytes: number, limit: number = MAX_SEED_FILE_BYTES): string | null {
  if (bytes <= limit) return null;
  return `(root): the file is ${mebibytes(bytes)} (${bytes.toLocaleString("en")} bytes); a seed file may be at most ${mebibytes(limit)} — split it into several seeds, or add the rest through POST /__emulator/seed`;
}

/** One JSON path step: an object key or an array index. */
type Step = string | number;

/** A JSON path in the `a.b[0].c` form, as the seed's other problems are named. */
export function jsonPath(path: readonly PropertyKey[]): string {
  const text = path
    .map((key, i) => (typeof key === "number" ? `[${key}]` : `${i === 0 ? "" : "."}${String(key)}`))
    .join("");
  return text || "(root)";
}

/**
 * The problem line when objects and arrays in `value` nest deeper than `limit` (naming the path of the first value
 * past it), or null. Walks with its own stack, and stops at the limit, so a cycle is reported the same way.
 */
export function seedDepthProblem(value: unknown, limit: number = MAX_SEED_DEPTH): string | null {
  const stack: { value: unknown; path: Step[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (path.length >= limit)
      return `${jsonPath(path)}: nested deeper than ${limit} levels of objects and arrays (a seed may nest at most ${limit})`;
    const entries: [Step, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (typeof child === "object" && child !== null) stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}
