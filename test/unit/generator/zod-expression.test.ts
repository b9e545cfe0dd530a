import * as z from "zod/mini";
import { _isoDateTime } from "zod/v4/core";
import { describe, expect, it } from "vitest";
import type { SchemaNode } from "../../../scripts/codegen/contract.js";
import {
  ISO_DATE_TIME,
  WHOLE_NUMBER,
  WHOLE_NUMBER_DECLARATION,
  zodExpression,
  type ObjectMode,
} from "../../../scripts/codegen/zod-expression.js";

/** The shared whole-number validator, from the declaration the generator emits into the switch's module. */
const wholeNumber = new Function("z", `${WHOLE_NUMBER_DECLARATION.replace("export ", "")} return ${WHOLE_NUMBER};`)(z);

/** One transform per JSON Schema node kind: each emitted expression is evaluated and run on real values. */
function compile(node: SchemaNode, mode: ObjectMode = "response", components: Record<string, z.ZodMiniType> = {}) {
  const source = zodExpression(node, { mode, reference: (name) => `components.${name}` });
  // the emitted modules import zod core's date-time builder (ISO_DATE_TIME) and the shared whole number by name
  return new Function("z", "components", ISO_DATE_TIME, WHOLE_NUMBER, `return ${source};`)(
    z,
    components,
    _isoDateTime,
    wholeNumber,
  ) as z.ZodMiniType;
}
const accepts = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success;

describe("zodExpression", () => {
  it("marks every factory call pure so unused validators tree-shake", () => {
    const source = zodExpression(
      { type: "object", properties: { a: { type: "array", items: { type: "string" } } } },
      { mode: "response", reference: (n) => n },
    );
    expect(source.match(/z\.\w+\(/g)).toHaveLength(source.match(/\/\* @__PURE__ \*\//g)!.length);
  });

  it("string; request date-times must carry a valid time and offset, response date-times are any string", () => {
    expect(accepts(compile({ type: "string" }), "x")).toBe(true);
    expect(accepts(compile({ type: "string" }), 1)).toBe(false);
    const requestDateTime = compile({ type: "string", format: "date-time" }, "request");
    expect(accepts(requestDateTime, "2027-01-01T00:00:00+02:00")).toBe(true);
    expect(accepts(requestDateTime, "2027-01-01T00:00:00Z")).toBe(true);
    expect(accepts(requestDateTime, "next tuesday")).toBe(false);
    const responseDateTime = compile({ type: "string", format: "date-time" });
    expect([accepts(responseDateTime, "2027-01-01 00:00"), accepts(responseDateTime, 1)]).toEqual([true, false]);
  });

  it("integer and number with bounds; response integers are any whole JSON number", () => {
    const page = compile({ type: "integer", minimum: 0 }, "request");
    expect([0, 7].map((v) => accepts(page, v))).toEqual([true, true]);
    expect([-1, 1.5, "1"].map((v) => accepts(page, v))).toEqual([false, false, false]);
    const count = compile({ type: "integer", minimum: 0 });
    expect([0, 2 ** 60].map((v) => accepts(count, v))).toEqual([true, true]);
    expect([-1, 0.5, 10.5, "1"].map((v) => accepts(count, v))).toEqual([false, false, false, false]);
    expect(accepts(compile({ type: "number", maximum: 1 }), 0.5)).toBe(true);
  });

  it("a response's integer is the one shared whole-number validator, not its code again in every chunk", () => {
    const reference = { mode: "response", reference: (name: string) => name } as const;
    expect(zodExpression({ type: "integer" }, reference)).toBe(WHOLE_NUMBER);
    expect(zodExpression({ type: "integer", minimum: 0 }, reference)).toMatch(
      new RegExp(`^${WHOLE_NUMBER}\\.check\\(`),
    );
  });

  it("nullable via a type list, enums, consts", () => {
    const nullable = compile({ type: ["string", "null"] });
    expect([null, "a", 1].map((v) => accepts(nullable, v))).toEqual([true, true, false]);
    const state = compile({ type: "string", enum: ["Enabled", "Disabled"] });
    expect([accepts(state, "Enabled"), accepts(state, "enabled")]).toEqual([true, false]);
    expect(accepts(compile({ const: true }), false)).toBe(false);
  });

  it("response objects strip unknown keys; request objects reject them", () => {
    const node: SchemaNode = {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "integer" } },
      required: ["a"],
    };
    expect(compile(node).safeParse({ a: "x", extra: 1 })).toEqual({ success: true, data: { a: "x" } });
    expect(accepts(compile(node, "request"), { a: "x", extra: 1 })).toBe(false);
    expect(accepts(compile(node), { b: 1 })).toBe(false);
  });

  it("free maps keep every key as sent", () => {
    const map = compile({ type: "object", additionalProperties: true });
    expect(map.safeParse({ first_name: "kept", nested: { a_b: 1 } })).toEqual({
      success: true,
      data: { first_name: "kept", nested: { a_b: 1 } },
    });
    expect(accepts(compile({ type: "object", additionalProperties: { type: "string" } }), { a: 1 })).toBe(false);
  });

  it("discriminated unions keep their literal discriminator", () => {
    const status = compile({
      oneOf: [
        {
          type: "object",
          properties: { type: { const: "Enabled" }, backup_codes: { type: "array", items: { type: "string" } } },
          required: ["type", "backup_codes"],
        },
        {
          type: "object",
          properties: { type: { const: "Disabled" }, new_secret: { type: "string" } },
          required: ["type", "new_secret"],
        },
      ],
      discriminator: { propertyName: "type" },
    });
    expect(accepts(status, { type: "Disabled", new_secret: "S" })).toBe(true);
    expect(accepts(status, { type: "Disabled", backup_codes: [] })).toBe(false);
  });

  it("allOf intersects, and references use the caller's identifiers", () => {
    const body = compile(
      {
        allOf: [
          { $ref: "#/components/schemas/Named" },
          { type: "object", properties: { age: { type: "integer" } }, required: ["age"] },
        ],
      },
      "response",
      { Named: z.object({ name: z.string() }) },
    );
    expect(accepts(body, { name: "a", age: 3 })).toBe(true);
    expect(accepts(body, { name: "a" })).toBe(false);
  });
});
