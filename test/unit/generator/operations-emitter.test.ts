import { describe, expect, it } from "vitest";
import { loadContract } from "../../../scripts/codegen/contract.js";
import { browserOperations, buildOperations } from "../../../scripts/codegen/model.js";
import { generateAll } from "../../../scripts/generate.js";
import { repoRoot } from "../../../scripts/lib/repo-root.js";
import * as api from "../../../src/generated/operations.js";
import type { OperationDescriptor } from "../../../src/transport/index.js";

const operations = browserOperations(buildOperations(await loadContract(`${repoRoot}/openapi/auth-api.yaml`)));

/** operations.ts: descriptors carry only what the transport cannot derive; fetchers without required input default it. */
const source = (await generateAll())["operations.ts"]!;
const descriptors = (Object.values(api) as unknown[]).filter(
  (value): value is OperationDescriptor => typeof value === "object" && value !== null && "operationId" in value,
);

describe("operations.ts", () => {
  it("has one descriptor per browser operation (server calls are in server-operations.ts), with the full path (path parameters are read from it)", () => {
    expect(descriptors.map((op) => op.operationId).sort()).toEqual(operations.map((op) => op.operationId).sort());
    expect(api.joinOrgOperation).toMatchObject({
      operationId: "joinOrg",
      method: "POST",
      path: "/api/fe/v3/join_org/{orgId}",
    });
    expect(source).not.toContain("pathParams");
  });

  it("shares one fixed-header object between the front-end calls; session calls send none", () => {
    const frontend = descriptors.filter((op) => op.path.startsWith("/api/fe/v3/"));
    expect(frontend.every((op) => op.headers === api.loginOperation.headers)).toBe(true);
    expect(api.loginOperation.headers).toEqual({ "X-CSRF-Token": "-.-" });
    expect(api.refreshTokenOperation.headers).toBeUndefined();
    expect(source.match(/"X-CSRF-Token": "-\.-"/g)).toHaveLength(1);
  });

  it("lists the documented codes without unexpected_error, which every operation can answer with", () => {
    expect(api.loginOperation.errorCodes).toEqual([
      "invalid_request_fields",
      "action_disabled",
      "account_disabled",
      "account_locked",
      "user_not_found",
    ]);
    expect(descriptors.some((op) => op.errorCodes?.includes("unexpected_error"))).toBe(false);
    expect(api.logoutOperation.errorCodes).toBeUndefined();
  });

  it("lets a caller leave out a request that has nothing required", () => {
    // The formatter puts long parameter lists one per line; compare them as one line.
    const signatures = source.replace(/\(\s+/g, "(").replace(/\s+/g, " ");
    expect(signatures).toContain(
      "export function refreshToken(transport: OperationCaller, request: RefreshTokenRequest = {},",
    );
    expect(signatures).toContain(
      "export function listOrgMembers(transport: OperationCaller, request: ListOrgMembersRequest,",
    );
  });

  it("has no runs of blank lines", () => {
    expect(source).not.toMatch(/\n\n\n/);
  });
});
