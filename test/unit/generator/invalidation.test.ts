import { describe, expect, it } from "vitest";
import type { Contract } from "../../../scripts/codegen/contract.js";
import { buildOperations } from "../../../scripts/codegen/model.js";

/** A contract with one fe/v3 query (`getThing`, path `thingId`), one session call, and a mutation invalidating `target`. */
function contractInvalidating(target: unknown): Contract {
  const ok = { "200": { description: "ok" } };
  const document = {
    paths: {
      "/api/fe/v3/thing/{thingId}": {
        get: {
          operationId: "getThing",
          parameters: [{ name: "thingId", in: "path", required: true, schema: { type: "string" } }],
          responses: ok,
        },
      },
      "/api/v1/session": { get: { operationId: "getSession", responses: ok } },
      "/api/fe/v3/thing/{thingId}/rename": {
        post: {
          operationId: "renameThing",
          "x-invalidates": [target],
          parameters: [{ name: "thingId", in: "path", required: true, schema: { type: "string" } }],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { type: "object", properties: { name: { type: "string" } } } } },
          },
          responses: ok,
        },
      },
    },
  };
  return { document, resolve: (node) => node };
}

describe("buildOperations: x-invalidates", () => {
  it("resolves each filter expression once, into where the request holds the value", () => {
    const operations = buildOperations(
      contractInvalidating({
        operationId: "getThing",
        path: { thingId: "$request.path.thingId" },
        query: { name: "$request.body#/name" },
      }),
    );
    expect(operations.find((op) => op.operationId === "renameThing")?.invalidates).toEqual([
      {
        operationId: "getThing",
        path: { thingId: { location: "path", name: "thingId" } },
        query: { name: { location: "body", pointer: ["name"] } },
      },
    ]);
  });

  it("refuses a target that is not an operation of the contract", () => {
    expect(() => buildOperations(contractInvalidating("getNothing"))).toThrow(
      "renameThing invalidates unknown operation getNothing",
    );
  });

  it("refuses a target that is not a fe/v3 query", () => {
    expect(() => buildOperations(contractInvalidating("getSession"))).toThrow(
      "renameThing: x-invalidates names getSession, which is not a fe/v3 query",
    );
    expect(() => buildOperations(contractInvalidating("renameThing"))).toThrow("which is not a fe/v3 query");
  });

  it("refuses expressions the request cannot answer", () => {
    expect(() =>
      buildOperations(contractInvalidating({ operationId: "getThing", path: { thingId: "$request.path.orgId" } })),
    ).toThrow("renameThing: $request.path.orgId names an undeclared path parameter");
    expect(() =>
      buildOperations(contractInvalidating({ operationId: "getThing", path: { thingId: "$response.body#/id" } })),
    ).toThrow("unsupported runtime expression");
  });
});
