/** Every rule of the demo's scenario toolbar names a call and an example the contract documents. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { routeMatches, SCENARIOS } from "../../../example/src/scenarios/catalog.js";
import { repoRoot } from "../../../scripts/lib/prism.js";

interface ResponseObject {
  $ref?: string;
  content?: { "application/json"?: { examples?: Record<string, unknown> } };
}
interface Contract {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, ResponseObject> }>>;
  components: { responses: Record<string, ResponseObject> };
}

const contract = parse(readFileSync(join(repoRoot, "openapi", "auth-api.yaml"), "utf8")) as Contract;
const resolve = (response: ResponseObject): ResponseObject =>
  response.$ref ? contract.components.responses[response.$ref.split("/").pop() ?? ""] ?? {} : response;
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => op.operationId !== undefined)
    .map(([method, op]) => ({ method: method.toUpperCase(), path, responses: op.responses ?? {} })),
);

describe("scenario catalog", () => {
  it("has unique ids", () => {
    expect(new Set(SCENARIOS.map((s) => s.id)).size).toBe(SCENARIOS.length);
  });

  for (const scenario of SCENARIOS) {
    it(`${scenario.id}: every rule matches documented operations and examples`, () => {
      for (const rule of scenario.rules) {
        const matched = operations.filter((op) => routeMatches(rule.route, op.method, op.path));
        expect(matched, `${rule.route} matches no operation`).not.toHaveLength(0);
        for (const op of matched) {
          const response = op.responses[String(rule.code)];
          expect(response, `${op.method} ${op.path} documents no ${rule.code}`).toBeDefined();
          if (rule.example !== undefined) {
            const examples = resolve(response!).content?.["application/json"]?.examples ?? {};
            expect(Object.keys(examples), `${op.method} ${op.path} ${rule.code}`).toContain(rule.example);
          }
        }
      }
    });
  }
});
