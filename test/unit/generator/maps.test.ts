import * as z from "zod/mini";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { SchemaNode } from "../../../scripts/codegen/contract.js";
import { zodExpression } from "../../../scripts/codegen/zod-expression.js";
import * as v from "../../../src/generated/zod.js";

/** Maps (`additionalProperties` without `properties`) are objects with a catchall: same checks as z.record, less code. */
function compile(node: SchemaNode) {
  const source = zodExpression(node, { mode: "response", reference: (name) => `components.${name}` });
  return { source, schema: new Function("z", "components", `return ${source};`)(z, {}) as z.ZodMiniType };
}

describe("maps", () => {
  it("check every value against the value schema and keep every key", () => {
    const { source, schema } = compile({ type: "object", additionalProperties: { type: "string" } });
    expect(source).not.toContain("z.record");
    expect(schema.safeParse({ email: "Email is invalid", first_name: "Too long" })).toEqual({
      success: true,
      data: { email: "Email is invalid", first_name: "Too long" },
    });
    expect(schema.safeParse({ email: 1 }).success).toBe(false);
    expect(schema.safeParse(["a"]).success).toBe(false);
    expect(schema.safeParse(null).success).toBe(false);
  });

  it("free maps keep nested values as sent", () => {
    const { schema } = compile({ type: "object", additionalProperties: true });
    expect(schema.safeParse({ a_b: { c_d: [1] } })).toEqual({ success: true, data: { a_b: { c_d: [1] } } });
    expect(schema.safeParse("x").success).toBe(false);
  });

  it("infer string-keyed maps", () => {
    expectTypeOf<z.infer<typeof v.ErrorResponseBodySchema>["user_facing_errors"]>().toEqualTypeOf<
      { [key: string]: string } | undefined
    >();
    expect(
      v.ErrorResponseBodySchema.safeParse({ error_code: "x", user_facing_error: "y", field_errors: { email: 3 } })
        .success,
    ).toBe(false);
  });
});
