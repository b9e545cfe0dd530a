/** Checks settings changes against the shape of the defaults, so a wrong type is a 400 now and not a 500 later. */
import { defaultSettings } from "./settings.js";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Where `value` does not have the shape of `template` (a default value), or null when it does. */
function shapeProblem(value: unknown, template: unknown, at: string): string | null {
  if (template === null) return value === null || typeof value === "string" ? null : `${at} must be a string or null`;
  if (Array.isArray(template)) {
    if (!Array.isArray(value)) return `${at} must be an array`;
    const item = template[0] ?? "";
    for (const [i, element] of value.entries()) {
      const problem = shapeProblem(element, item, `${at}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (isPlainObject(template)) {
    if (!isPlainObject(value)) return `${at} must be an object`;
    for (const key of Object.keys(template)) {
      const problem = shapeProblem(value[key], template[key], `${at}.${key}`);
      if (problem) return problem;
    }
    return null;
  }
  if (typeof template === "number")
    return typeof value === "number" && Number.isFinite(value) ? null : `${at} must be a number`;
  return typeof value === typeof template ? null : `${at} must be a ${typeof template}`;
}

/** The first problem of a settings change (an unknown name, a value of the wrong type), or null. */
export function settingsProblem(changes: unknown): string | null {
  if (!isPlainObject(changes)) return "The settings must be a JSON object";
  const defaults = defaultSettings as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(changes)) {
    if (!Object.hasOwn(defaults, key)) return `Unknown setting: ${key}`;
    const problem = shapeProblem(value, defaults[key], key);
    if (problem) return problem;
  }
  return null;
}
