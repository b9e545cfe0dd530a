import { AddUserToOrgException, BadRequestException, CreateOrgException, UpdateOrgException } from "@propelauth/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_IDS } from "../../src/emulator/index.js";
import { adminApi, FrontEnd, rejection, vendorOnEmulator } from "./vendor-backend.js";

/**
 * The provider's own backend library (`@propelauth/node`, unmodified) manages orgs, members, invitations and end-user
 * API keys on the emulator: a member added is in the browser's member list and the next token, an invitation is in
 * the browser's pending list, a key deleted is gone from the browser's list, and an org's max_users counts members
 * plus pending invitations on every path.
 */
let setup: ReturnType<typeof vendorOnEmulator>;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const login = (email: string) => FrontEnd.login(setup.emulator.url, email);
type AdminOrg = {
  id: string;
  name: string;
  members: { email: string; role: string }[];
  invitations: { email: string }[];
};
const adminOrg = async (id: string) =>
  (await adminApi(setup.emulator)<{ orgs: AdminOrg[] }>("/orgs")).orgs.find((o) => o.id === id);

beforeAll(() => {
  setup = vendorOnEmulator();
});
afterAll(() => {
  setup?.stop();
  // Every call of the provider's library went through the stage's Prism validating proxy on the contract.
  expect(setup?.violations).toEqual([]);
});
beforeEach(() => setup.emulator.reset());

describe("orgs", () => {
  it("creates, fetches, queries, updates (metadata, limits) and deletes an org; unknown ids are null / false", async () => {
    const { orgId, name } = await setup.auth.createOrg({ name: "Wayne Enterprises", maxUsers: 3 });
    expect(name).toBe("Wayne Enterprises");
    expect((await adminOrg(orgId))?.name).toBe("Wayne Enterprises");
    expect(await setup.auth.fetchOrg(orgId)).toMatchObject({ orgId, name, maxUsers: 3, metadata: {} });
    const found = await setup.auth.fetchOrgByQuery({ name: "wayne", orderBy: "NAME" });
    expect(found.orgs.map((o) => o.orgId)).toEqual([orgId]);
    expect(found).toMatchObject({ totalOrgs: 1, currentPage: 0, hasMoreResults: false });
    expect(
      await setup.auth.updateOrg({
        orgId,
        name: "Wayne Corp",
        metadata: { tier: "gold" },
        maxUsers: 10,
        extraDomains: ["w.example"],
      }),
    ).toBe(true);
    expect(await setup.auth.fetchOrg(orgId)).toMatchObject({
      name: "Wayne Corp",
      metadata: { tier: "gold" },
      maxUsers: 10,
      extraDomains: ["w.example"],
    });
    // No mapping is named "Custom" (backend-vendor-role-mappings.test.ts subscribes to a real one).
    expect(await rejection(setup.auth.subscribeOrgToRoleMapping(orgId, "Custom"))).toBeInstanceOf(UpdateOrgException);
    expect((await setup.auth.fetchOrg(orgId))?.customRoleMappingName).toBeUndefined();
    expect(await rejection(setup.auth.updateOrg({ orgId, maxUsers: -1 }))).toBeInstanceOf(UpdateOrgException);
    expect(await rejection(setup.auth.createOrg({ name: " " }))).toBeInstanceOf(CreateOrgException);
    expect(await setup.auth.deleteOrg(orgId)).toBe(true);
    expect(await setup.auth.fetchOrg(orgId)).toBeNull();
    expect(await setup.auth.deleteOrg(orgId)).toBe(false);
    expect(await setup.auth.updateOrg({ orgId: UNKNOWN, name: "X" })).toBe(false);
  });
});

describe("memberships and invitations", () => {
  it("adds a member (in the browser's member list and the member's next token), changes the role, removes", async () => {
    const owner = await login("ada@acme.example");
    expect(await setup.auth.addUserToOrg({ userId: DEMO_IDS.newcomer, orgId: DEMO_IDS.acme, role: "Admin" })).toBe(
      true,
    );
    const members = await owner.call<{ users: { email: string; role: string }[] }>(
      `/api/fe/v3/org_membership/${DEMO_IDS.acme}/members`,
    );
    expect(members.json.users.find((u) => u.email === "newcomer@gmail.example")?.role).toBe("Admin");
    const newcomer = await login("newcomer@gmail.example");
    const token = await newcomer.call<{ org_id_to_org_member_info: Record<string, { user_role: string }> }>(
      "/api/v1/refresh_token",
    );
    expect(token.json.org_id_to_org_member_info[DEMO_IDS.acme]?.user_role).toBe("Admin");
    const unknownRole = await rejection(
      setup.auth.addUserToOrg({ userId: DEMO_IDS.newcomer, orgId: DEMO_IDS.globex, role: "Overlord" }),
    );
    expect(unknownRole).toBeInstanceOf(AddUserToOrgException);
    expect(Object.keys(unknownRole.fieldToErrors)).toEqual(["role"]);
    expect(await setup.auth.addUserToOrg({ userId: UNKNOWN, orgId: DEMO_IDS.acme, role: "Member" })).toBe(false);

    const change = { userId: DEMO_IDS.newcomer, orgId: DEMO_IDS.acme, role: "Member", additionalRoles: ["Billing"] };
    expect(await setup.auth.changeUserRoleInOrg(change)).toBe(true);
    const inOrg = await setup.auth.fetchUsersInOrg({ orgId: DEMO_IDS.acme, role: "Member" });
    const row = inOrg.users.find((u) => u.userId === DEMO_IDS.newcomer);
    expect(row).toMatchObject({ roleInOrg: "Member", additionalRolesInOrg: ["Billing"] });
    expect(await setup.auth.removeUserFromOrg({ userId: DEMO_IDS.newcomer, orgId: DEMO_IDS.acme })).toBe(true);
    expect((await adminOrg(DEMO_IDS.acme))?.members.map((m) => m.email)).not.toContain("newcomer@gmail.example");
    expect(await setup.auth.removeUserFromOrg({ userId: DEMO_IDS.newcomer, orgId: DEMO_IDS.acme })).toBe(false);
  });

  it("invites by e-mail and by user id (pending in the browser's list and the backend's page), revokes", async () => {
    expect(
      await setup.auth.inviteUserToOrg({ orgId: DEMO_IDS.globex, email: "kim@else.example", role: "Member" }),
    ).toBe(true);
    expect((await setup.emulator.outbox("kim@else.example"))[0]?.kind).toBe("invitation");
    expect(
      await setup.auth.inviteUserToOrgByUserId({ orgId: DEMO_IDS.globex, userId: DEMO_IDS.grace, role: "Admin" }),
    ).toBe(true);
    const hank = await login("hank@globex.example");
    const pending = await hank.call<{ pending_invites: { email: string }[] }>(
      `/api/fe/v3/org_membership/${DEMO_IDS.globex}/pending_invites`,
    );
    expect(pending.json.pending_invites.map((i) => i.email).sort()).toEqual(["grace@acme.example", "kim@else.example"]);
    const page = await setup.auth.fetchPendingInvites({ orgId: DEMO_IDS.globex, pageSize: 1 });
    expect(page).toMatchObject({ totalInvites: 2, pageSize: 1, hasMoreResults: true });
    expect(page.invites[0]).toMatchObject({ orgId: DEMO_IDS.globex, orgName: "Globex Corporation" });
    const member = await rejection(
      setup.auth.inviteUserToOrg({ orgId: DEMO_IDS.globex, email: "ada@acme.example", role: "Member" }),
    );
    expect(member).toBeInstanceOf(BadRequestException);
    expect(await setup.auth.revokePendingOrgInvite({ orgId: DEMO_IDS.globex, inviteeEmail: "kim@else.example" })).toBe(
      true,
    );
    expect((await adminOrg(DEMO_IDS.globex))?.invitations.map((i) => i.email)).toEqual(["grace@acme.example"]);
    expect(await setup.auth.revokePendingOrgInvite({ orgId: DEMO_IDS.globex, inviteeEmail: "kim@else.example" })).toBe(
      false,
    );
  });

  it("holds max_users over members plus pending invitations, on the backend and in the browser", async () => {
    const { orgId } = await setup.auth.createOrg({ name: "Tiny", maxUsers: 2 });
    expect(await setup.auth.addUserToOrg({ userId: DEMO_IDS.ada, orgId, role: "Owner" })).toBe(true);
    expect(await setup.auth.inviteUserToOrg({ orgId, email: "one@else.example", role: "Member" })).toBe(true);
    const full = await rejection(setup.auth.addUserToOrg({ userId: DEMO_IDS.grace, orgId, role: "Member" }));
    expect(full).toBeInstanceOf(AddUserToOrgException);
    expect(Object.keys(full.fieldToErrors)).toEqual(["org_id"]);
    expect(
      await rejection(setup.auth.inviteUserToOrg({ orgId, email: "two@else.example", role: "Member" })),
    ).toBeInstanceOf(BadRequestException);
    const ada = await login("ada@acme.example");
    const invite = await ada.call<{ error_code: string }>("/api/fe/v3/invite_user", "POST", {
      org_id: orgId,
      email: "three@else.example",
      role: "Member",
    });
    expect(invite).toMatchObject({ status: 409, json: { error_code: "org_max_users_limit_exceeded" } });
    expect(await setup.auth.revokePendingOrgInvite({ orgId, inviteeEmail: "one@else.example" })).toBe(true);
    expect(await setup.auth.addUserToOrg({ userId: DEMO_IDS.grace, orgId, role: "Member" })).toBe(true);
  });
});
