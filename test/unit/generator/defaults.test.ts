import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { defaultedProperties, loadContract, type SchemaNode } from "../../../scripts/codegen/contract.js";
import { zodExpression, type ObjectMode } from "../../../scripts/codegen/zod-expression.js";
import { repoRoot } from "../../../scripts/lib/repo-root.js";

/** Contract defaults: a request may leave such a field out and it is filled in on the wire; responses are untouched. */
function compile(node: SchemaNode, mode: ObjectMode) {
  const source = zodExpression(node, { mode, reference: (name) => `components.${name}` });
  return new Function("z", "components", `return ${source};`)(z, {}) as z.ZodMiniType;
}

const invite: SchemaNode = {
  type: "object",
  additionalProperties: false,
  required: ["email", "additional_roles"],
  properties: {
    email: { type: "string" },
    additional_roles: { type: "array", items: { type: "string" }, default: [] },
    admin: { type: "boolean", default: false },
  },
};

describe("defaults", () => {
  it("fill omitted request fields (required or not) and keep the ones given", () => {
    const schema = compile(invite, "request");
    expect(schema.parse({ email: "a@b.co" })).toEqual({ email: "a@b.co", additional_roles: [], admin: false });
    expect(schema.parse({ email: "a@b.co", additional_roles: ["Billing"], admin: true })).toEqual({
      email: "a@b.co",
      additional_roles: ["Billing"],
      admin: true,
    });
    expect(schema.safeParse({ email: "a@b.co", additional_roles: "Billing" }).success).toBe(false);
  });

  it("give every parse its own copy of an array default", () => {
    const schema = compile(invite, "request");
    const first = schema.parse({ email: "a@b.co" }) as { additional_roles: string[] };
    first.additional_roles.push("mutated");
    expect(schema.parse({ email: "a@b.co" })).toMatchObject({ additional_roles: [] });
  });

  it("are not invented in responses: a missing required field stays a violation", () => {
    const schema = compile(invite, "response");
    expect(schema.safeParse({ email: "a@b.co" }).success).toBe(false);
    expect(schema.parse({ email: "a@b.co", additional_roles: [] })).toEqual({ email: "a@b.co", additional_roles: [] });
  });

  it("are found on the contract's request bodies", async () => {
    const contract = await loadContract(`${repoRoot}/openapi/auth-api.yaml`);
    const ref = (name: string): SchemaNode => ({ $ref: `#/components/schemas/${name}` });
    expect(defaultedProperties(contract, ref("InviteUserRequest"))).toEqual(["additional_roles"]);
    expect(defaultedProperties(contract, ref("ChangeRoleRequest"))).toEqual(["additional_roles"]);
    expect(defaultedProperties(contract, ref("CreateOrgRequest"))).toEqual([
      "autojoin_by_domain",
      "restrict_to_domain",
    ]);
    expect(defaultedProperties(contract, ref("LoginRequest"))).toEqual([]);
  });
});
