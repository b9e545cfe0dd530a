import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { initBaseAuth } from "@propelauth/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccessTokenError, type ServerAuth, type ServerUser } from "../../../src/server/index.js";
import { type FakeAuthHost, hostWithAuth, memberInfo, userClaims } from "./fake-auth-host.js";

let host: FakeAuthHost;
let auth: ServerAuth;
let server: Server;
let baseUrl: string;

/**
 * A plain `node:http` backend, as an app's API would be: the `Authorization` header → the user, 401 with the
 * refusal's reason for a bad token, 403 without the org permission.
 */
beforeAll(async () => {
  ({ host, auth } = await hostWithAuth());
  server = createServer(async (request, response) => {
    let user: ServerUser;
    try {
      user = await auth.validateAuthorizationHeader(request.headers.authorization);
    } catch (error) {
      const reason = error instanceof AccessTokenError ? error.reason : "unexpected";
      response.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ reason }));
      return;
    }
    const orgId = new URL(request.url ?? "/", "http://x").searchParams.get("org") ?? "";
    if (orgId && !user.hasPermission(orgId, "write")) {
      response.writeHead(403).end();
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ email: user.email }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("validateAuthorizationHeader in a plain node:http server", () => {
  it("answers the user for a valid bearer token, 401 naming the reason otherwise, 403 without the permission", async () => {
    const token = await host.sign(userClaims());
    const get = (path: string, authorization?: string) =>
      fetch(`${baseUrl}${path}`, authorization ? { headers: { authorization } } : {});
    const ok = await get("/api/me", `Bearer ${token}`);
    expect([ok.status, await ok.json()]).toEqual([200, { email: "ada@example.com" }]);
    expect((await get("/api/docs?org=org-a", `Bearer ${token}`)).status).toBe(200);
    expect((await get("/api/docs?org=org-b", `Bearer ${token}`)).status).toBe(403);
    const missing = await get("/api/me");
    expect([missing.status, await missing.json()]).toEqual([401, { reason: "missing" }]);
    const expired = await get("/api/me", `Bearer ${await host.sign(userClaims(), { expiresIn: -60 })}`);
    expect([expired.status, await expired.json()]).toEqual([401, { reason: "expired" }]);
    const basic = await get("/api/me", `Basic ${token}`);
    expect([basic.status, await basic.json()]).toEqual([401, { reason: "malformed" }]);
  });
});

describe("the same verdicts and users as @propelauth/node's validateAccessTokenAndGetUser", () => {
  it("agrees on every claim of user and org tokens, on the org checks, and on which tokens are refused", async () => {
    const vendor = initBaseAuth({
      authUrl: host.issuer,
      apiKey: "not-used-for-local-verification",
      manualTokenVerificationMetadata: { verifierKey: host.pem, issuer: host.issuer },
    });
    const { org_id_to_org_member_info: _, ...withoutOrgs } = userClaims();
    const accepted = [
      await host.sign(userClaims()),
      await host.sign(userClaims({ impersonator_user_id: "imp-1", legacy_user_id: "legacy-1" })),
      await host.sign(userClaims({ login_method: { login_method: "saml_sso", provider: "Okta", org_id: "org-a" } })),
      await host.sign({ ...withoutOrgs, org_member_info: memberInfo("org-z", { org_role_structure: "multi_role" }) }),
      await host.sign({ user_id: "u-2", email: "plain@example.com", org_id_to_org_member_info: {} }),
    ];
    for (const token of accepted) {
      const theirs = await vendor.validateAccessTokenAndGetUser(`Bearer ${token}`);
      const ours = await auth.validateAuthorizationHeader(`Bearer ${token}`);
      expect({
        userId: ours.userId,
        email: ours.email,
        firstName: ours.firstName,
        lastName: ours.lastName,
        username: ours.username,
        legacyUserId: ours.legacyUserId,
        impersonatorUserId: ours.impersonatorUserId,
        properties: ours.properties,
        loginMethod: ours.loginMethod,
        activeOrgId: ours.activeOrgId,
      }).toEqual({
        userId: theirs.userId,
        email: theirs.email,
        firstName: theirs.firstName,
        lastName: theirs.lastName,
        username: theirs.username,
        legacyUserId: theirs.legacyUserId,
        impersonatorUserId: theirs.impersonatorUserId,
        properties: theirs.properties,
        loginMethod: theirs.loginMethod,
        activeOrgId: theirs.activeOrgId,
      });
      const theirOrgs = theirs.orgIdToOrgMemberInfo ?? {};
      expect(Object.keys(ours.orgIdToOrgMembership).sort()).toEqual(Object.keys(theirOrgs).sort());
      for (const [orgId, theirOrg] of Object.entries(theirOrgs)) {
        const ourOrg = ours.getOrg(orgId)!;
        expect({ ...ourOrg, legacyOrgId: ourOrg.legacyOrgId }).toMatchObject({
          orgId: theirOrg.orgId,
          orgName: theirOrg.orgName,
          urlSafeOrgName: theirOrg.urlSafeOrgName,
          orgMetadata: theirOrg.orgMetadata,
          userAssignedRole: theirOrg.userAssignedRole,
          userInheritedRolesPlusCurrentRole: theirOrg.userInheritedRolesPlusCurrentRole,
          userPermissions: theirOrg.userPermissions,
          orgRoleStructure: theirOrg.orgRoleStructure,
          userAssignedAdditionalRoles: theirOrg.userAssignedAdditionalRoles,
        });
        for (const role of ["Admin", "Member", "Reader", "Billing", "Owner"]) {
          expect(ourOrg.isRole(role)).toBe(theirOrg.isRole(role));
          expect(ourOrg.isAtLeastRole(role)).toBe(theirOrg.isAtLeastRole(role));
        }
        expect(ourOrg.hasAllPermissions(["read", "write"])).toBe(theirOrg.hasAllPermissions(["read", "write"]));
      }
    }

    const refused = [
      await host.sign(userClaims(), { expiresIn: -60 }),
      await host.sign(userClaims(), { iss: "https://other.example" }),
      `${accepted[0]!.slice(0, -6)}AAAAAA`,
      "not-a-token",
    ];
    for (const token of refused) {
      await expect(vendor.validateAccessTokenAndGetUser(`Bearer ${token}`)).rejects.toThrow();
      await expect(auth.validateAuthorizationHeader(`Bearer ${token}`)).rejects.toBeInstanceOf(AccessTokenError);
    }
  });
});
