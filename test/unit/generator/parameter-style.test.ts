import { describe, expect, it } from "vitest";
import { parseContract } from "../../../scripts/codegen/contract.js";
import { buildOperations } from "../../../scripts/codegen/model.js";

/** A one-operation contract (GET /api/fe/v3/things/{thingId}) with the given extra parameter and components. */
function contractWith(parameter: Record<string, unknown>, schemas: Record<string, unknown> = {}) {
  const document = {
    openapi: "3.1.0",
    paths: {
      "/api/fe/v3/things/{thingId}": {
        get: {
          operationId: "listThings",
          parameters: [{ name: "thingId", in: "path", required: true, schema: { type: "string" } }, parameter],
          responses: { "200": { description: "ok" } },
        },
      },
    },
    components: { schemas },
  };
  return parseContract(JSON.stringify(document));
}

const query = (schema: unknown, extra: Record<string, unknown> = {}) => ({
  name: "filter",
  in: "query",
  schema,
  ...extra,
});
const build = (parameter: Record<string, unknown>, schemas?: Record<string, unknown>) => () =>
  buildOperations(contractWith(parameter, schemas));

describe("buildOperations: parameters the URL builder does not implement are refused", () => {
  it.each([
    ["a string", query({ type: "string" })],
    [
      "an integer with the default style and explode written out",
      query({ type: "integer" }, { style: "form", explode: true }),
    ],
    ["a boolean", query({ type: "boolean" })],
    ["a nullable number", query({ type: ["number", "null"] })],
    ["an enum", query({ enum: ["a", "b"] })],
    ["an array of strings", query({ type: "array", items: { type: "string" } })],
    ["an array of a referenced enum", query({ type: "array", items: { $ref: "#/components/schemas/Sort" } })],
    ["a choice between scalars", query({ oneOf: [{ type: "string" }, { type: "integer" }] })],
  ])("accepts %s", (_name, parameter) => {
    const [op] = buildOperations(contractWith(parameter, { Sort: { type: "string", enum: ["asc", "desc"] } }));
    expect(op?.queryParams.map((p) => p.name)).toEqual(["filter"]);
  });

  it.each([
    [
      "a query style other than form",
      query({ type: "array", items: { type: "string" } }, { style: "pipeDelimited" }),
      'listThings: query parameter "filter" has style "pipeDelimited"; the URL builder writes only style "form" (the default)',
    ],
    [
      "explode: false",
      query({ type: "array", items: { type: "string" } }, { explode: false }),
      'listThings: query parameter "filter" has explode: false; the URL builder writes only explode: true (the default)',
    ],
    [
      "allowReserved",
      query({ type: "string" }, { allowReserved: true }),
      'listThings: query parameter "filter" has allowReserved: true; the URL builder percent-encodes every reserved character',
    ],
    [
      "an object value (deepObject)",
      query({ type: "object", properties: { a: { type: "string" } } }, { style: "deepObject" }),
      'listThings: query parameter "filter" has style "deepObject"',
    ],
    [
      "an object value",
      query({ $ref: "#/components/schemas/Filter" }),
      'listThings: query parameter "filter" is not a string, number or boolean (type "object"); a query value may be one of those or an array of them',
    ],
    [
      "an array of objects",
      query({ type: "array", items: { $ref: "#/components/schemas/Filter" } }),
      'listThings: query parameter "filter" is an array of arrays or objects; a query array may hold only strings, numbers or booleans',
    ],
    [
      "an array of arrays",
      query({ type: "array", items: { type: "array", items: { type: "string" } } }),
      'listThings: query parameter "filter" is an array of arrays or objects',
    ],
    [
      "a value with no schema",
      query(undefined, { content: { "application/json": { schema: { type: "object" } } } }),
      'listThings: query parameter "filter" has no `schema` (or a `content` map); describe the value with `schema`',
    ],
    [
      "a value of no type",
      query({}),
      'listThings: query parameter "filter" is not a string, number or boolean (no type)',
    ],
    [
      "a cookie parameter",
      { name: "theme", in: "cookie", schema: { type: "string" } },
      'listThings: cookie parameter "theme" is a cookie parameter; the client sends only path, query and fixed header parameters',
    ],
    [
      "a path style other than simple",
      { name: "thingId", in: "path", required: true, style: "matrix", schema: { type: "string" } },
      'listThings: path parameter "thingId" has style "matrix"; the URL builder writes only style "simple" (the default)',
    ],
    [
      "a path value that is not a string",
      { name: "thingId", in: "path", required: true, schema: { type: "integer" } },
      'listThings: path parameter "thingId" is not a string (type "integer"); the URL builder takes a path value only as a string',
    ],
    [
      "an exploded header",
      { name: "X-Mode", in: "header", required: true, explode: true, schema: { type: "string", const: "a" } },
      'listThings: header parameter "X-Mode" has explode: true',
    ],
  ])("refuses %s, naming the operation and the parameter", (_name, parameter, message) => {
    expect(build(parameter, { Filter: { type: "object", properties: { a: { type: "string" } } } })).toThrow(message);
  });
});
