import { describe, expect, it } from "vitest";
import type { Contract } from "../../../scripts/codegen/contract.js";
import { buildOperations } from "../../../scripts/codegen/model.js";

/** A one-operation contract whose POST carries the given `x-session-effect`. */
function contractWith(sessionEffect: unknown): Contract {
  const operation = {
    operationId: "updateThing",
    "x-session-effect": sessionEffect,
    responses: { "200": { description: "ok" } },
  };
  return { document: { paths: { "/api/fe/v3/thing": { post: operation } } }, resolve: (node) => node };
}

describe("buildOperations: x-session-effect", () => {
  it.each(["refresh", "refresh-if-finished", "logout"])("accepts %s", (effect) => {
    expect(buildOperations(contractWith(effect))[0]?.sessionEffect).toBe(effect);
  });

  it.each(["refesh", "", true])("rejects %j, naming the operation and the allowed values", (effect) => {
    expect(() => buildOperations(contractWith(effect))).toThrow(
      `updateThing: unknown x-session-effect ${JSON.stringify(effect)} (allowed: refresh, refresh-if-finished, logout)`,
    );
  });
});
