import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { loadContract } from "../../scripts/codegen/contract.js";
import { buildOperations, calledOperations } from "../../scripts/codegen/model.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { ApiError } from "../../src/transport/index.js";
import { accountCases } from "./cases/account.js";
import { apiKeyCases } from "./cases/api-keys.js";
import type { Case } from "./cases/case.js";
import { genericCases } from "./cases/generic.js";
import { loginCases } from "./cases/login.js";
import { membershipCases } from "./cases/membership.js";
import { orgCases } from "./cases/orgs.js";
import { serverSessionCases } from "./cases/server-session.js";
import { admin, exchanges } from "./harness.js";

/**
 * Every operation of the contract against the emulator, through Prism's validating proxy and the generated client:
 * each success, and each error code by the rule that raises it. Prism refuses requests that break the contract (422)
 * and turns responses that break it into 500s; the client validates every response body too.
 */
const contract = await loadContract(`${repoRoot}/openapi/auth-api.yaml`);
// The backend area (errors mapped by status, `statusCodes`) is exercised by the provider's own library through the
// same validating proxy: backend-vendor-*.test.ts.
const operations = calledOperations(buildOperations(contract)).filter((op) => op.statusCodes === undefined);
const cases: Case[] = [
  ...loginCases,
  ...accountCases,
  ...orgCases,
  ...membershipCases,
  ...apiKeyCases,
  ...serverSessionCases,
  ...genericCases(operations.filter((op) => op.surface !== "server")),
];

beforeEach(() => admin.reset());

describe.each(cases.map((c) => ({ ...c, title: `${c.op} → ${c.status}${c.code ? ` ${c.code}` : ""}: ${c.rule}` })))(
  "$title",
  (c) => {
    it("answers as the rule says", async () => {
      const outcome = await c.run().then(
        () => null,
        (error: unknown) => error,
      );
      if (c.code === undefined) {
        expect(outcome).toBeNull();
      } else {
        expect(outcome).toBeInstanceOf(ApiError);
        expect(outcome).toMatchObject({ status: c.status, code: c.code });
      }
    });
  },
);

it("exercises every operation's success and every error code it documents (but unexpected_error)", () => {
  const wanted = operations.flatMap((op) => [
    ...op.successResponses.map((r) => `${op.operationId} ${r.status}`),
    ...op.errorResponses.flatMap((r) =>
      r.errorCodes.filter((code) => code !== "unexpected_error").map((code) => `${op.operationId} ${r.status} ${code}`),
    ),
  ]);
  const covered = new Set(cases.map((c) => `${c.op} ${c.status}${c.code ? ` ${c.code}` : ""}`));
  expect(wanted.filter((w) => !covered.has(w))).toEqual([]);
});

afterAll(() => {
  const violations = exchanges.filter((e) => e.violation !== null || e.status === 422);
  console.log(
    `[emulator contract] ${exchanges.length} calls through Prism's validating proxy, ${violations.length} violations`,
  );
  for (const v of violations) console.log(`  ${v.method} ${v.path} → ${v.status}: ${v.violation}`);
  expect(violations).toEqual([]);
});
