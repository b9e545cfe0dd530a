/** Every rule of the demo's scenario toolbar names a call and an example the contract documents. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { EVERY_FRONTEND_CALL, SCENARIOS, type ScenarioRule } from "../../../example/src/scenarios/catalog.js";
import { repoRoot } from "../../../scripts/lib/repo-root.js";

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
  response.$ref ? (contract.components.responses[response.$ref.split("/").pop() ?? ""] ?? {}) : response;
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => op.operationId !== undefined)
    .map(([method, op]) => ({
      operationId: op.operationId,
      method: method.toUpperCase(),
      path,
      responses: op.responses ?? {},
    })),
);

/** The contract's operations a rule names: its operation, or every fe/v3 one. */
const covers = (rule: ScenarioRule, op: (typeof operations)[number]): boolean =>
  rule.operation === EVERY_FRONTEND_CALL ? op.path.startsWith("/api/fe/v3/") : op.operationId === rule.operation;

describe("scenario catalog", () => {
  it("has unique ids", () => {
    expect(new Set(SCENARIOS.map((s) => s.id)).size).toBe(SCENARIOS.length);
  });

  for (const scenario of SCENARIOS) {
    it(`${scenario.id}: every rule matches documented operations and examples`, () => {
      for (const rule of scenario.rules) {
        const matched = operations.filter((op) => covers(rule, op));
        expect(matched, `${rule.operation} matches no operation`).not.toHaveLength(0);
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
