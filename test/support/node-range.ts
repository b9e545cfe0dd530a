/** Whether a Node version satisfies an `engines.node` range, as npm reads it (`||`, comparators, `^`, `~`, x-ranges). */

type Version = [number, number, number];

/** The parts of a version; a missing or `x` part is undefined. */
const partsOf = (text: string): (number | undefined)[] =>
  text
    .replace(/^[=v]+/, "")
    .split(".")
    .slice(0, 3)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : undefined));

const compare = (a: Version, b: Version): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** The lowest version a partial one stands for (`22` is 22.0.0) and the first one past it (`22` ends before 23.0.0). */
function bounds(text: string): { low: Version; next: Version | null } {
  const [major, minor, patch] = partsOf(text);
  if (major === undefined) return { low: [0, 0, 0], next: null };
  if (minor === undefined) return { low: [major, 0, 0], next: [major + 1, 0, 0] };
  if (patch === undefined) return { low: [major, minor, 0], next: [major, minor + 1, 0] };
  return { low: [major, minor, patch], next: [major, minor, patch + 1] };
}

/** Whether `version` meets one comparator (`>=20.19.0`, `^22.13`, `~1.2`, `20.x`, `*`). */
function meets(version: Version, comparator: string): boolean {
  const [, op = "", rest = ""] = /^(\^|~|>=|<=|>|<|=)?(.*)$/.exec(comparator) ?? [];
  const { low, next } = bounds(rest);
  if (op === ">=") return compare(version, low) >= 0;
  if (op === "<") return compare(version, low) < 0;
  if (op === ">") return next === null ? false : compare(version, next) >= 0;
  if (op === "<=") return next === null ? true : compare(version, next) < 0;
  if (op === "^" || op === "~") {
    const end: Version = op === "^" && low[0] > 0 ? [low[0] + 1, 0, 0] : [low[0], low[1] + 1, 0];
    return compare(version, low) >= 0 && compare(version, end) < 0;
  }
  return compare(version, low) >= 0 && (next === null || compare(version, next) < 0);
}

/** Whether `version` (e.g. "22.13.0") satisfies `range` (e.g. "^20.19.0 || ^22.13.0 || >=24.0.0"). */
export function satisfiesRange(version: string, range: string): boolean {
  const target = bounds(version).low;
  return range.split("||").some((alternative) => {
    const hyphen = /^\s*(\S+)\s+-\s+(\S+)\s*$/.exec(alternative);
    const comparators = hyphen
      ? [`>=${hyphen[1]}`, `<=${hyphen[2]}`]
      : alternative
          .trim()
          .replace(/(>=|<=|>|<|=|\^|~)\s+/g, "$1")
          .split(/\s+/)
          .filter(Boolean);
    return comparators.every((comparator) => meets(target, comparator));
  });
}
