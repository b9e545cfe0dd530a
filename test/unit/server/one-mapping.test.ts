import { describe, expect, it } from "vitest";
import { toClientUser } from "../../../src/nextjs/to-client-user.js";
import { readClaims } from "../../../src/server/claims.js";
import { toServerUser } from "../../../src/server/server-user.js";
import { userFromUserinfo } from "../../../src/server/userinfo-user.js";
import { toAuthInfo, type WireRefreshTokenResponse } from "../../../src/session/auth-info.js";
import { plainMembership } from "../../../src/server/membership-wire.js";
import { memberInfo, userClaims } from "./fake-auth-host.js";

/**
 * One membership of the provider's, read by each part that maps it (the browser's refresh response, the server's
 * token, the userinfo route's answer, the client user the server hands the browser): the same `OrgMembership`,
 * `legacyOrgId` kept; a role structure the server cannot know read as the hierarchy by each server entrance (the
 * browser's generated validator admits only the contract's two).
 */
const wire = memberInfo("org-a", {
  legacy_org_id: "legacy-7",
  org_role_structure: "multi_role",
  additional_roles: ["Billing"],
});
const expected = {
  orgId: "org-a",
  orgName: "Org org-a",
  urlSafeOrgName: "org-org-a",
  orgMetadata: { plan: "pro" },
  legacyOrgId: "legacy-7",
  orgRoleStructure: "multi_role",
  userAssignedRole: "Admin",
  userInheritedRolesPlusCurrentRole: ["Admin", "Member"],
  userAssignedAdditionalRoles: ["Billing"],
  userPermissions: ["read", "write"],
};

describe("one mapping of a membership", () => {
  it("gives the same membership from the refresh response, the token, userinfo and the client user", () => {
    const read = readClaims({ ...userClaims({ org_id_to_org_member_info: { "org-a": wire } }), exp: 2e9 });
    if (!read.ok) throw new Error(read.problem);
    const server = toServerUser("token", read.claims);
    const refresh = { access_token: "t", expires_at_seconds: 2e9, org_id_to_org_member_info: { "org-a": wire } };
    const browser = toAuthInfo({
      ...refresh,
      user: { user_id: "u", email: "a@example.com" },
    } as unknown as WireRefreshTokenResponse);
    const userinfo = userFromUserinfo(
      { user_id: "u", email: "a@example.com", org_id_to_org_info: { x: wire } },
      undefined,
    );
    const client = toClientUser(server);
    expect(plainMembership(server.orgIdToOrgMembership["org-a"]!)).toEqual(expected);
    expect(browser.orgIdToOrgMembership["org-a"]).toEqual(expected);
    expect(userinfo?.orgIdToOrgMembership["org-a"]).toEqual(expected);
    expect(client?.orgIdToOrgMembership["org-a"]).toEqual(expected);
    expect(client?.expiresAtSeconds).toBe(server.expiresAtSeconds);
  });

  it("reads an unknown or missing role structure as the hierarchy in a token and in userinfo", () => {
    const { org_role_structure: _, ...missing } = memberInfo("org-b");
    const orgs = { "org-a": { ...wire, org_role_structure: "something_new" }, "org-b": missing };
    const read = readClaims({ ...userClaims({ org_id_to_org_member_info: orgs }), exp: 2e9 });
    if (!read.ok) throw new Error(read.problem);
    const fromToken = toServerUser("token", read.claims).getOrgs();
    const fromUserinfo = userFromUserinfo(
      { user_id: "u", email: "a@example.com", org_id_to_org_info: orgs },
      undefined,
    );
    for (const org of [...fromToken, ...Object.values(fromUserinfo?.orgIdToOrgMembership ?? {})])
      expect(org.orgRoleStructure).toBe("single_role_in_hierarchy");
  });

  it("leaves out of userinfo a membership that is not one (a field missing or of the wrong type)", () => {
    const broken = { ...wire, org_id: "org-b", user_permissions: "read" };
    const orgs = { a: wire, b: broken, c: { org_id: "org-c" } };
    const mapped = userFromUserinfo({ user_id: "u", email: "a@example.com", org_id_to_org_info: orgs }, undefined);
    expect(Object.keys(mapped?.orgIdToOrgMembership ?? {})).toEqual(["org-a"]);
  });
});
