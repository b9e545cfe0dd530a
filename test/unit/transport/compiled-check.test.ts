/**
 * The server transport's compiled validators give zod's verdict and zod's data on every value: for each schema of
 * every server operation (bodies, answers, error bodies), a valid value with every optional part, one with none, and
 * each of its parts replaced by values of the wrong kind or left out; every backend schema is compiled (none falls
 * back to zod whole), and a compiled check never runs zod's parse on a value it accepts. The `zod-floor` project runs
 * this file again on the lowest zod package.json accepts: there a definition the checks do not know is left to zod
 * (what they cover may shrink), and whatever they vouch for must still be zod's verdict and data.
 */
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it, vi } from "vitest";
import * as serverOperations from "../../../src/generated/server-operations.js";
import { BackendUserSchema } from "../../../src/generated/zod/BackendUserSchema.js";
import { compiledValidators } from "../../../src/transport/compiled-check.js";
import type { OperationDescriptor, OperationValidators } from "../../../src/transport/operation.js";

type Schema = OperationValidators["responses"][number];
type Bound = { check: string; minimum?: number; value?: number };
type Internals = {
  def: Record<string, unknown> & { type: string; shape?: Record<string, Schema>; checks?: { _zod: { def: Bound } }[] };
  values?: Set<unknown>;
};
const internals = (schema: unknown) => (schema as { _zod: Internals })._zod;

/** A value `schema` accepts: with every optional part (`full`) or none. */
function sample(schema: Schema, full: boolean): unknown {
  const { def, values } = internals(schema);
  const bound = (name: string) => def.checks?.find((check) => check._zod.def.check === name)?._zod.def;
  switch (def.type) {
    case "string":
      return "s".repeat(Math.max(1, bound("min_length")?.minimum ?? 1));
    case "number":
      return Math.max(3, bound("greater_than")?.value ?? 0);
    case "boolean":
      return true;
    case "literal":
    case "enum":
      return [...values!][0];
    case "unknown":
      return { any: ["thing"] };
    case "optional":
    case "default":
      return full ? sample(def.innerType as Schema, full) : undefined;
    case "nullable":
      return full ? sample(def.innerType as Schema, full) : null;
    case "array":
      return full ? [sample(def.element as Schema, full), sample(def.element as Schema, false)] : [];
    case "object": {
      const object: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(def.shape!)) {
        const value = sample(property, full);
        if (value !== undefined) object[key] = value;
      }
      const catchall = def.catchall && internals(def.catchall).def.type;
      if (catchall !== "never") object.zz_other = catchall ? sample(def.catchall as Schema, full) : "dropped";
      return object;
    }
    default:
      throw new Error(`no sample for ${def.type}`);
  }
}

/** Every path to a part of `value` (objects' keys, lists' indexes). */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (!value || typeof value !== "object") return [at];
  return [
    at,
    ...Object.entries(value).flatMap(([key, item]) => paths(item, [...at, Array.isArray(value) ? Number(key) : key])),
  ];
}

/** `value` with the part at `path` replaced (`undefined` with `remove`: the key left out). */
function replaced(value: unknown, path: (string | number)[], by: unknown, remove = false): unknown {
  if (!path.length) return by;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path;
  if (remove && !rest.length) delete copy[head!];
  else copy[head!] = replaced(copy[head!], rest, by, remove);
  return copy;
}

const isObject = (value: unknown): value is object =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const partAt = (value: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((part, key) => (part as Record<string | number, unknown> | undefined)?.[key], value);

const WRONG = [undefined, null, "", 1.5, 0, 2 ** 60, true, [], {}, JSON.parse('{"__proto__": 1}')];

/** Every schema the server operations validate with. */
async function serverSchemas(): Promise<[string, Schema][]> {
  const operations = (Object.values(serverOperations) as unknown[]).filter(
    (value): value is OperationDescriptor => typeof value === "object" && value !== null && "validators" in value,
  );
  const schemas: [string, Schema][] = [];
  for (const op of operations) {
    const { validators } = await op.validators();
    if (validators.body) schemas.push([`${op.operationId} body`, validators.body]);
    for (const [status, schema] of Object.entries(validators.responses))
      schemas.push([`${op.operationId} ${status}`, schema]);
    if (validators.errorBody) schemas.push([`${op.operationId} error`, validators.errorBody]);
  }
  return schemas;
}

/** Whether this run is the `zod-floor` project's (the lowest zod accepted): coverage is not held there, agreement is. */
const onZodFloor = (file: { projectName?: string | undefined }) => file.projectName === "zod-floor";

/** The compiled version of one schema (through an operation's validators, as the server transport compiles them). */
const compiledOf = (schema: Schema) => compiledValidators({ responses: { 200: schema } }).responses[200]!;

describe("the server transport's compiled validators", () => {
  it("vouch for every valid value, and for no value zod refuses or reads otherwise (every part replaced or left out)", async ({
    task,
  }) => {
    const schemas = await serverSchemas();
    expect(schemas.length).toBeGreaterThan(80);
    let compared = 0;
    const mismatches: string[] = [];
    for (const [name, schema] of schemas) {
      if (!("_zod" in schema)) continue; // the session's plain checks: not zod's
      // zod's parse stands behind the compiled check: count the values the check leaves to it
      let leftToZod = 0;
      const behind = { _zod: internals(schema), safeParse: () => ({ success: false, error: leftToZod++ }) };
      const compiled = compiledOf(behind as unknown as Schema);
      const valid = [sample(schema, true), sample(schema, false)];
      for (const value of valid) {
        compiled.safeParse(value);
        if (!onZodFloor(task.file)) expect(leftToZod, `${name}: a valid value is vouched for`).toBe(0);
      }
      const values = valid.flatMap((value) => [
        value,
        ...paths(value).flatMap((path) => [
          ...WRONG.map((wrong) => replaced(value, path, wrong)),
          ...(path.length ? [replaced(value, path, undefined, true)] : []),
          ...(isObject(partAt(value, path))
            ? [replaced(value, path, { ...(partAt(value, path) as object), zz_extra: "s" })]
            : []),
        ]),
      ]);
      for (const value of values) {
        const left = leftToZod;
        const actual = compiled.safeParse(value);
        compared++;
        if (leftToZod > left) continue; // zod's own verdict and issues
        // vouched for: zod accepts it too, with the same data, keys in the same order (what a body is sent as)
        const expected = schema.safeParse(value);
        const same =
          expected.success &&
          isDeepStrictEqual(actual.data, expected.data) &&
          JSON.stringify(actual.data) === JSON.stringify(expected.data);
        if (!same) mismatches.push(`${name}: ${JSON.stringify(value)}`);
      }
      expect(schema.safeParse(valid[0]).success, `${name}: the full sample is valid`).toBe(true);
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(15_000);
  });

  it("compile every backend schema (none is left to zod whole)", async ({ task, skip }) => {
    skip(onZodFloor(task.file), "the lowest zod's definitions may be left to zod whole");
    const backend = (await serverSchemas()).filter(([name]) => name.startsWith("backend"));
    expect(backend.length).toBeGreaterThan(80);
    for (const [name, schema] of backend) expect(compiledOf(schema), name).not.toBe(schema);
  });

  it("run zod's parse only for a value the compiled check does not vouch for, whose issues are zod's", () => {
    const compiled = compiledOf(BackendUserSchema);
    const user = sample(BackendUserSchema, true) as Record<string, unknown>;
    const parse = vi.spyOn(BackendUserSchema, "safeParse");
    try {
      expect(compiled.safeParse(user)).toMatchObject({ success: true, data: { user_id: user.user_id } });
      expect(parse).not.toHaveBeenCalled();
      const broken = compiled.safeParse({ ...user, email: 5 });
      expect(broken.success).toBe(false);
      expect(broken.error?.issues).toMatchObject([{ path: ["email"], code: "invalid_type" }]);
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });
});
