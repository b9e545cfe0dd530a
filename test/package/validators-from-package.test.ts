import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";

/**
 * The validators as an app gets them from the installed package: each operation loads its own module on first
 * use (a separate chunk in the ES-module build, a `require` in the CommonJS one), and `orgauth/schemas` hands the
 * same schemas over at once for code that validates values itself.
 */
const appDir = inject("packedAppDir");

/** A call whose answer breaks the contract, one that keeps it, and a body that breaks it; printed as JSON. */
function script(load: (entry: string) => string): string {
  return `
const { createTransport, listOrgMembers, inviteUser } = ${load("orgauth")};
const { OrgMemberListSchema, RefreshTokenResponseSchema } = ${load("orgauth/schemas")};
const page = { users: [], total_count: 0, page_number: 0, page_size: 10, has_more_results: false };
const answer = (body) => async () => new Response(JSON.stringify(body), { status: 200 });
const sent = [];
const transport = (body) =>
  createTransport({ authUrl: "https://auth.example.com", fetch: async (url, init) => (sent.push(url), answer(body)()) });
const outcome = (promise) => promise.then((value) => ({ value }), (error) => ({ error: error.name }));
(async () => {
  const result = {
    valid: await outcome(listOrgMembers(transport(page), { path: { orgId: "org_1" } })),
    invalid: await outcome(listOrgMembers(transport({ users: 42 }), { path: { orgId: "org_1" } })),
    badBody: await outcome(inviteUser(transport({}), { body: { email: 7, role: "Admin" } })),
    sent: sent.length,
    schemaAtOnce: OrgMemberListSchema.safeParse(page).success,
    schemaRefuses: RefreshTokenResponseSchema.safeParse({ access_token: 1 }).success,
  };
  console.log(JSON.stringify(result));
})();
`;
}

function run(file: string, source: string): unknown {
  writeFileSync(join(appDir, file), source);
  return JSON.parse(execFileSync(process.execPath, [file], { cwd: appDir }).toString());
}

const EXPECTED = {
  valid: { value: { users: [], total_count: 0, page_number: 0, page_size: 10, has_more_results: false } },
  invalid: { error: "ResponseValidationError" },
  badBody: { error: "RequestValidationError" },
  sent: 2,
  schemaAtOnce: true,
  schemaRefuses: false,
};

describe("validators from the packed package", () => {
  it("validates answers and bodies, and gives the schemas at once, as an ES module", () => {
    expect(
      run(
        "validators-esm.mjs",
        script((entry) => `await import(${JSON.stringify(entry)})`),
      ),
    ).toEqual(EXPECTED);
  });

  it("validates answers and bodies, and gives the schemas at once, as CommonJS", () => {
    expect(
      run(
        "validators-cjs.cjs",
        script((entry) => `require(${JSON.stringify(entry)})`),
      ),
    ).toEqual(EXPECTED);
  });
});
