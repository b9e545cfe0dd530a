import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { loadContract } from "../../scripts/codegen/contract.js";
import { buildOperations, calledOperations } from "../../scripts/codegen/model.js";
import { areaFilesByPath } from "../../scripts/lib/area-files.js";
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
/** The cases by the file under test/emulator/cases/ that holds them. */
const caseFiles: [string, Case[]][] = [
  ["login.ts", loginCases],
  ["account.ts", accountCases],
  ["orgs.ts", orgCases],
  ["membership.ts", membershipCases],
  ["api-keys.ts", apiKeyCases],
  ["server-session.ts", serverSessionCases],
  ["generic.ts", genericCases(operations.filter((op) => op.surface !== "server"))],
];
const cases: Case[] = caseFiles.flatMap(([, fileCases]) => fileCases);

const areaFiles = areaFilesByPath();
const pathOf = new Map(operations.map((op) => [op.operationId, op.path]));

/**
 * The file a missing case of `operationId` goes in: the cases file that holds most cases of operations from the same
 * file under openapi/areas/ (the emulator's rule itself is its route under src/emulator/).
 */
function caseFileFor(operationId: string): string {
  const area = areaFiles.get(pathOf.get(operationId) ?? "");
  const counts = caseFiles.map(([file, fileCases]) => {
    const sameArea = fileCases.filter((c) => areaFiles.get(pathOf.get(c.op) ?? "") === area);
    return [file, sameArea.length] as const;
  });
  const [file, count] = counts.reduce((best, next) => (next[1] > best[1] ? next : best));
  const where = count > 0 ? file : "the file of its area";
  return `test/emulator/cases/${where} (the operation is in ${area ?? "openapi/areas/"})`;
}

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
  const missing = wanted.filter((w) => !covered.has(w));
  expect(missing.map((w) => `${w}: add its case to ${caseFileFor(w.split(" ")[0]!)}`)).toEqual([]);
});

it("names the file a missing case goes in: the cases file of its area's operations", () => {
  expect(caseFileFor("createOrg")).toBe("test/emulator/cases/orgs.ts (the operation is in openapi/areas/orgs.yaml)");
  expect(caseFileFor("inviteUser")).toBe(
    "test/emulator/cases/membership.ts (the operation is in openapi/areas/members.yaml)",
  );
});

afterAll(() => {
  const violations = exchanges.filter((e) => e.violation !== null || e.status === 422);
  console.log(
    `[emulator contract] ${exchanges.length} calls through Prism's validating proxy, ${violations.length} violations`,
  );
  for (const v of violations) console.log(`  ${v.method} ${v.path} → ${v.status}: ${v.violation}`);
  expect(violations).toEqual([]);
});
