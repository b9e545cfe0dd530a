import { describe, expect, it } from "vitest";
import { type AuthInfo, isAtLeastRole, type OrgMembership, toAuthUser } from "../../../src/session/index.js";
import { hostWithAuth, memberInfo, userClaims } from "./fake-auth-host.js";

/** The browser's membership for a token's membership claim. */
function browserMembership(claim: Record<string, unknown>): OrgMembership {
  return {
    orgId: claim.org_id as string,
    orgName: claim.org_name as string,
    urlSafeOrgName: claim.url_safe_org_name as string,
    orgMetadata: claim.org_metadata as Record<string, unknown>,
    orgRoleStructure: claim.org_role_structure as OrgMembership["orgRoleStructure"],
    userAssignedRole: claim.user_role as string,
    userInheritedRolesPlusCurrentRole: claim.inherited_user_roles_plus_current_role as string[],
    userAssignedAdditionalRoles: claim.additional_roles as string[],
    userPermissions: claim.user_permissions as string[],
  };
}

describe("the server user's checks mean what the browser user's mean", () => {
  it("agrees with the browser on every role, permission and org, single-role and multi_role, member or not", async () => {
    const { host, auth } = await hostWithAuth();
    const orgClaims = {
      single: memberInfo("single", {
        org_name: "Single Org",
        url_safe_org_name: "single-org",
        user_role: "Member",
        inherited_user_roles_plus_current_role: ["Member", "Viewer"],
        user_permissions: ["read"],
      }),
      multi: memberInfo("multi", {
        org_name: "Multi Org",
        url_safe_org_name: "multi-org",
        org_role_structure: "multi_role",
        user_role: "Editor",
        inherited_user_roles_plus_current_role: ["Editor", "Viewer"],
        additional_roles: ["Billing"],
        user_permissions: ["read", "write", "pay"],
      }),
    };
    const server = await auth.verifyAccessToken(await host.sign(userClaims({ org_id_to_org_member_info: orgClaims })));
    const authInfo = {
      accessToken: "t",
      expiresAtSeconds: 0,
      orgIdToOrgMembership: { single: browserMembership(orgClaims.single), multi: browserMembership(orgClaims.multi) },
      user: {} as AuthInfo["user"],
    } satisfies AuthInfo;
    const browser = toAuthUser(authInfo);

    const roles = ["Owner", "Admin", "Member", "Viewer", "Editor", "Billing", "Nobody"];
    const permissions = ["read", "write", "pay", "delete"];
    const permissionSets = [[], ["read"], ["read", "write"], ["read", "delete"], ["pay", "write", "read"]];
    let compared = 0;
    for (const orgId of ["single", "multi", "not-a-member", "__proto__", "toString"]) {
      for (const role of roles) {
        expect(server.isRole(orgId, role), `isRole ${orgId} ${role}`).toBe(browser.isRole(orgId, role));
        expect(server.isAtLeastRole(orgId, role), `isAtLeastRole ${orgId} ${role}`).toBe(
          browser.isAtLeastRole(orgId, role),
        );
        expect(server.isAtLeastRole(orgId, role)).toBe(isAtLeastRole(authInfo, orgId, role));
        expect(server.getOrg(orgId)?.isRole(role)).toBe(browser.getOrg(orgId)?.isRole(role));
        compared += 4;
      }
      for (const permission of permissions) {
        expect(server.hasPermission(orgId, permission)).toBe(browser.hasPermission(orgId, permission));
        compared++;
      }
      for (const set of permissionSets) {
        expect(server.hasAllPermissions(orgId, set)).toBe(browser.hasAllPermissions(orgId, set));
        expect(server.getOrg(orgId)?.hasAllPermissions(set)).toBe(browser.getOrg(orgId)?.hasAllPermissions(set));
        compared += 2;
      }
    }
    expect(compared).toBeGreaterThan(200);
    // both sides see some true and some false answers (the grid is not all one value)
    expect(server.isAtLeastRole("single", "Viewer")).toBe(true);
    expect(server.isAtLeastRole("multi", "Viewer")).toBe(false);
    expect(server.isRole("multi", "Billing")).toBe(true);
    for (const name of ["Single Org", "single-org", "Multi Org", "multi-org", "nope"]) {
      expect(server.getOrgByName(name)?.orgId).toBe(browser.getOrgByName(name)?.orgId);
    }
  });
});
