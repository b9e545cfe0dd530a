/**
 * The server transport's answer and body validators, made faster without checking less: each zod/mini schema is
 * compiled once (on the operation's first call) into plain checks for the parts of zod the contract uses (objects
 * that drop, keep, check or refuse other keys; arrays; strings with lengths; numbers, whole or safe integers, with
 * bounds; booleans; literals and enums; optional, nullable and defaulted values). A value they accept is returned
 * as zod would return it (the same keys, in the same order, defaults filled in); anything else — a value they do not
 * accept, a `__proto__` key, a schema they do not know — goes to the schema's own `safeParse`, so every verdict and
 * every issue is zod's. Only server entries import this module: the browser bundles keep zod's parse alone.
 */
import type { OperationValidators } from "./operation.js";

/** What a compiled check returns when it does not vouch for a value: the schema's own `safeParse` decides. */
const UNSURE: unique symbol = Symbol("unsure");

/** A value as zod's parse would return it, or `UNSURE`. */
type Check = (value: unknown) => unknown;

/** The zod internals a compiled check reads (`schema._zod`), as zod/mini 4 defines them. */
interface Internals {
  def: Definition;
  optin?: "optional" | "defaulted";
  optout?: "optional";
  values?: Set<unknown>;
}

interface Definition {
  type: string;
  coerce?: boolean;
  /** Set when the schema is itself a check (a string format, a number format). */
  check?: string;
  format?: string;
  checks?: readonly { _zod: { def: CheckDefinition } }[];
  innerType?: unknown;
  element?: unknown;
  shape?: Record<string, unknown>;
  catchall?: unknown;
  readonly defaultValue?: unknown;
}

interface CheckDefinition {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  fn?: unknown;
}

type Schema = { safeParse(input: unknown): unknown };

/** The validators with each schema zod can be spared for compiled; a schema it does not know stays as it is. */
export function compiledValidators(validators: OperationValidators): OperationValidators {
  const responses: Record<number, unknown> = {};
  for (const [status, schema] of Object.entries(validators.responses)) responses[Number(status)] = compiled(schema);
  return {
    ...validators,
    ...(validators.body && { body: compiled(validators.body) }),
    ...(validators.errorBody && { errorBody: compiled(validators.errorBody) }),
    responses,
  } as OperationValidators;
}

/** The schema with its compiled check in front of its `safeParse` (the schema itself when it cannot be compiled). */
function compiled<S extends Schema>(schema: S): S {
  const check = compile(schema);
  if (!check) return schema;
  return {
    safeParse: (input: unknown) => {
      const data = check(input);
      return data === UNSURE ? schema.safeParse(input) : { success: true, data };
    },
  } as unknown as S;
}

function internals(schema: unknown): Internals | undefined {
  return (schema as { _zod?: Internals } | undefined)?._zod;
}

/** The schema's check, or undefined when it uses anything not compiled here. */
function compile(schema: unknown): Check | undefined {
  const zod = internals(schema);
  const def = zod?.def;
  if (!zod || !def || def.coerce) return undefined;
  // a schema that is itself a check (an email, a url, an int32…) is zod's, but for the safe integer
  if (def.check !== undefined && !(def.type === "number" && def.format === "safeint")) return undefined;
  const tests = checksOf(def);
  if (!tests) return undefined;
  switch (def.type) {
    case "string":
      return primitive((value) => typeof value === "string", tests);
    case "boolean":
      return primitive((value) => typeof value === "boolean", tests);
    case "number": {
      const base =
        def.format === undefined ? Number.isFinite : def.format === "safeint" ? Number.isSafeInteger : undefined;
      return base && primitive(base, tests);
    }
    case "literal":
    case "enum": {
      const values = zod.values;
      return values instanceof Set ? primitive((value) => values.has(value), tests) : undefined;
    }
    case "unknown":
      return tests.length ? undefined : (value) => value;
    default:
      return tests.length ? undefined : composite(def);
  }
}

/** The check of a wrapper, a list or an object (none of which carries checks of its own here). */
function composite(def: Definition): Check | undefined {
  if (def.type === "object") return objectCheck(def);
  const inner = compile(def.type === "array" ? def.element : def.innerType);
  if (!inner) return undefined;
  switch (def.type) {
    case "optional":
      // an optional default substitutes for absence: left to zod
      return internals(def.innerType)?.optin === "defaulted"
        ? undefined
        : (value) => (value === undefined ? undefined : inner(value));
    case "nullable":
      return (value) => (value === null ? null : inner(value));
    case "default":
      // zod's default is not checked, and read from its definition (a copy for each parse)
      return (value) => (value === undefined ? def.defaultValue : inner(value));
    case "array":
      return (value) => {
        if (!Array.isArray(value)) return UNSURE;
        const items = new Array(value.length);
        for (let index = 0; index < value.length; index++) {
          const item = inner(value[index]);
          if (item === UNSURE) return UNSURE;
          items[index] = item;
        }
        return items;
      };
    default:
      return undefined;
  }
}

/** One property of an object: its key, its check, and how zod treats its absence. */
interface Property {
  key: string;
  check: Check;
  /** Absent and optional: left out of the result. */
  omitted: boolean;
  /** Absent is an error (a required key). */
  required: boolean;
}

/**
 * An object's check, as zod's object parse: each property in the shape's order (what zod does with an absent or
 * undefined one), then the other keys — dropped (no catchall), refused (`never`), or each checked by the catchall.
 */
function objectCheck(def: Definition): Check | undefined {
  const shape = def.shape ?? {};
  if (Object.getOwnPropertySymbols(shape).length) return undefined;
  const properties: Property[] = [];
  for (const [key, schema] of Object.entries(shape)) {
    const check = compile(schema);
    const zod = internals(schema);
    if (!check || !zod || key === "__proto__") return undefined;
    const { optin, optout } = zod;
    // what zod does with the absence of any other kind of property (an optional default…) is left to it
    if (optout === "optional" ? optin !== "optional" : optin === "optional") return undefined;
    properties.push({
      key,
      check,
      omitted: optin === "optional",
      required: optin === undefined,
    });
  }
  const known = new Set(properties.map((property) => property.key));
  const catchall = def.catchall === undefined ? undefined : internals(def.catchall);
  const refusesOthers = catchall?.def.type === "never";
  const other = catchall && !refusesOthers ? compile(def.catchall) : undefined;
  if (catchall && !refusesOthers && !other) return undefined;
  return (value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return UNSURE;
    const input = value as Record<string, unknown>;
    const result: Record<string, unknown> = {};
    for (const property of properties) {
      const item = input[property.key];
      const present = item !== undefined || property.key in input;
      if (!present && property.omitted) continue;
      if (!present && property.required) return UNSURE;
      const checked = property.check(item);
      if (checked === UNSURE) return UNSURE;
      // present, or absent and defaulted: the key is in the result, undefined or not
      result[property.key] = checked;
    }
    if (!catchall) return result;
    for (const key in input) {
      if (known.has(key)) continue;
      if (refusesOthers || key === "__proto__") return UNSURE;
      const checked = other!(input[key]);
      if (checked === UNSURE) return UNSURE;
      result[key] = checked;
    }
    return result;
  };
}

/** A value that passes `base` and every test, returned as it is. */
function primitive(base: (value: unknown) => boolean, tests: ((value: never) => boolean)[]): Check {
  if (!tests.length) return (value) => (base(value) ? value : UNSURE);
  return (value) => (base(value) && tests.every((test) => test(value as never)) ? value : UNSURE);
}

/** The schema's own checks as tests, or undefined when one is not compiled here. */
function checksOf(def: Definition): ((value: never) => boolean)[] | undefined {
  const tests: ((value: never) => boolean)[] = [];
  for (const { _zod } of def.checks ?? []) {
    const check = _zod.def;
    const { minimum, maximum, value: bound } = check;
    if (check.check === "min_length" && typeof minimum === "number")
      tests.push((value: { length: number }) => value.length >= minimum);
    else if (check.check === "max_length" && typeof maximum === "number")
      tests.push((value: { length: number }) => value.length <= maximum);
    else if (check.check === "greater_than" && typeof bound === "number")
      tests.push(check.inclusive ? (value: number) => value >= bound : (value: number) => value > bound);
    else if (check.check === "less_than" && typeof bound === "number")
      tests.push(check.inclusive ? (value: number) => value <= bound : (value: number) => value < bound);
    else if (check.check === "custom" && check.fn === Number.isInteger) tests.push(Number.isInteger as never);
    else return undefined;
  }
  return tests;
}
