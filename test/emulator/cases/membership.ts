import { expect } from "vitest";
import * as api from "../../../src/generated/operations.js";
import { admin, Browser, loggedIn } from "../harness.js";
import type { Case } from "./case.js";
import { DEMO_IDS } from "../../../src/emulator/seeds/demo-seed.js";

const as = async (email: string) => (await loggedIn(email)).t;
const acme = { orgId: DEMO_IDS.acme };

/** Members and invitations of an org. */
export const membershipCases: Case[] = [
  {
    op: "listOrgMembers",
    status: 200,
    rule: "the org's members, filtered by email_search, paged",
    async run() {
      const t = await as("ada@acme.example");
      const searched = await api.listOrgMembers(t, { path: acme, query: { email_search: "GRA" } });
      expect(searched.users.map((u) => u.email)).toEqual(["grace@acme.example"]);
      const paged = await api.listOrgMembers(t, { path: acme, query: { page_size: 2, page_number: 0 } });
      expect(paged).toMatchObject({ total_count: 5, has_more_results: true, page_size: 2 });
    },
  },
  {
    op: "listOrgMembers",
    status: 404,
    code: "org_not_found",
    rule: "no such org, or the user is not a member",
    run: async () => api.listOrgMembers(await as("ada@acme.example"), { path: { orgId: DEMO_IDS.initech } }),
  },
  {
    op: "listPendingInvites",
    status: 200,
    rule: "unexpired invitations",
    run: async () =>
      expect(
        (await api.listPendingInvites(await as("ada@acme.example"), { path: acme })).pending_invites.map(
          (i) => i.email,
        ),
      ).toEqual(["linus@acme.example"]),
  },
  {
    op: "listPendingInvites",
    status: 404,
    code: "org_not_found",
    rule: "no such org",
    run: async () => api.listPendingInvites(await as("ada@acme.example"), { path: { orgId: "org_nope" } }),
  },
  {
    op: "listExpiredInvites",
    status: 200,
    rule: "invitations past their expiry",
    run: async () =>
      expect(
        (await api.listExpiredInvites(await as("ada@acme.example"), { path: acme })).expired_invites.map(
          (i) => i.email,
        ),
      ).toEqual(["dennis@acme.example"]),
  },
  {
    op: "listExpiredInvites",
    status: 404,
    code: "org_not_found",
    rule: "no such org",
    run: async () => api.listExpiredInvites(await as("ada@acme.example"), { path: { orgId: "org_nope" } }),
  },
  {
    op: "inviteUser",
    status: 204,
    rule: "an invitation: pending, e-mailed, and a membership once the invitee signs up with its link",
    async run() {
      const t = await as("ada@acme.example");
      await api.inviteUser(t, {
        body: { org_id: DEMO_IDS.acme, email: "ken@acme.example", role: "Admin", additional_roles: [] },
      });
      expect((await api.listPendingInvites(t, { path: acme })).pending_invites.map((i) => i.email)).toContain(
        "ken@acme.example",
      );
      const [mail] = await admin.outbox("ken@acme.example");
      const token = new URL(mail!.link).searchParams.get("token")!;
      const ken = new Browser();
      await api.signup(ken.t, { body: { email: "ken@acme.example", password: "long enough", invite_token: token } });
      expect((await api.refreshToken(ken.t)).org_id_to_org_member_info?.[DEMO_IDS.acme]?.user_role).toBe("Admin");
      expect((await api.listPendingInvites(t, { path: acme })).pending_invites.map((i) => i.email)).not.toContain(
        "ken@acme.example",
      );
    },
  },
  {
    op: "inviteUser",
    status: 400,
    code: "invalid_request_fields",
    rule: "malformed email, unknown role",
    run: async () =>
      api.inviteUser(await as("ada@acme.example"), {
        body: { org_id: DEMO_IDS.acme, email: "nope", role: "Emperor", additional_roles: [] },
      }),
  },
  {
    op: "inviteUser",
    status: 403,
    code: "action_forbidden",
    rule: "the user's role lacks can_invite",
    run: async () =>
      api.inviteUser(await as("alan@acme.example"), {
        body: { org_id: DEMO_IDS.acme, email: "ken@acme.example", role: "Member", additional_roles: [] },
      }),
  },
  {
    op: "inviteUser",
    status: 404,
    code: "org_not_found",
    rule: "no such org",
    run: async () =>
      api.inviteUser(await as("ada@acme.example"), {
        body: { org_id: "org_nope", email: "ken@acme.example", role: "Member", additional_roles: [] },
      }),
  },
  {
    op: "inviteUser",
    status: 409,
    code: "org_max_users_limit_exceeded",
    rule: "members plus pending invitations reach max_users",
    async run() {
      await admin.call("POST", "/__emulator/seed", {
        orgs: [{ id: "org_tiny", name: "Tiny", maxUsers: 1, members: [{ email: "ada@acme.example", role: "Owner" }] }],
      });
      return api.inviteUser(await as("ada@acme.example"), {
        body: { org_id: "org_tiny", email: "ken@acme.example", role: "Member", additional_roles: [] },
      });
    },
  },
  {
    op: "inviteUser",
    status: 409,
    code: "action_already_complete",
    rule: "the invitee is already a member",
    run: async () =>
      api.inviteUser(await as("ada@acme.example"), {
        body: { org_id: DEMO_IDS.acme, email: "grace@acme.example", role: "Member", additional_roles: [] },
      }),
  },
  {
    op: "removeUser",
    status: 204,
    rule: "a member with can_remove_users removes a member at or below their role",
    async run() {
      const t = await as("ada@acme.example");
      await api.removeUser(t, { body: { org_id: DEMO_IDS.acme, user_id: DEMO_IDS.alan } });
      expect((await api.listOrgMembers(t, { path: acme })).users.map((u) => u.user_id)).not.toContain(DEMO_IDS.alan);
    },
  },
  {
    op: "removeUser",
    status: 400,
    code: "invalid_request_fields",
    rule: "removing the last Owner",
    run: async () =>
      api.removeUser(await as("ada@acme.example"), { body: { org_id: DEMO_IDS.acme, user_id: DEMO_IDS.ada } }),
  },
  {
    op: "removeUser",
    status: 403,
    code: "action_forbidden",
    rule: "an Admin removing the Owner (a role above theirs)",
    run: async () =>
      api.removeUser(await as("grace@acme.example"), { body: { org_id: DEMO_IDS.acme, user_id: DEMO_IDS.ada } }),
  },
  {
    op: "removeUser",
    status: 404,
    code: "org_not_found",
    rule: "no such org",
    run: async () =>
      api.removeUser(await as("ada@acme.example"), { body: { org_id: "org_nope", user_id: DEMO_IDS.alan } }),
  },
  {
    op: "removeUser",
    status: 404,
    code: "user_not_found",
    rule: "not a member",
    run: async () =>
      api.removeUser(await as("ada@acme.example"), { body: { org_id: DEMO_IDS.acme, user_id: DEMO_IDS.hank } }),
  },
  {
    op: "changeRole",
    status: 204,
    rule: "the new role sticks",
    async run() {
      const t = await as("ada@acme.example");
      await api.changeRole(t, {
        body: { org_id: DEMO_IDS.acme, user_id: DEMO_IDS.alan, role: "Admin", additional_roles: ["Billing"] },
      });
      expect((await api.listOrgMembers(t, { path: acme, query: { email_search: "alan" } })).users[0]).toMatchObject({
        role: "Admin",
        additional_roles: ["Billing"],
      });
    },
  },
  {
    op: "changeRole",
    status: 400,
    code: "invalid_request_fields",
    rule: "unknown role (or unknown org, or demoting the last Owner)",
    run: async () =>
      api.changeRole(await as("ada@acme.example"), {
        body: { org_id: DEMO_IDS.acme, user_id: DEMO_IDS.alan, role: "Emperor", additional_roles: [] },
      }),
  },
  {
    op: "changeRole",
    status: 403,
    code: "action_forbidden",
    rule: "an Admin making someone Owner (above their own role)",
    run: async () =>
      api.changeRole(await as("grace@acme.example"), {
        body: { org_id: DEMO_IDS.acme, user_id: DEMO_IDS.alan, role: "Owner", additional_roles: [] },
      }),
  },
  {
    op: "changeRole",
    status: 404,
    code: "user_not_found",
    rule: "not a member",
    run: async () =>
      api.changeRole(await as("ada@acme.example"), {
        body: { org_id: DEMO_IDS.acme, user_id: DEMO_IDS.hank, role: "Member", additional_roles: [] },
      }),
  },
  {
    op: "revokeUserInvitation",
    status: 204,
    rule: "the invitation (pending or expired) is gone",
    async run() {
      const t = await as("ada@acme.example");
      await api.revokeUserInvitation(t, { body: { org_id: DEMO_IDS.acme, email: "dennis@acme.example" } });
      expect((await api.listExpiredInvites(t, { path: acme })).expired_invites).toEqual([]);
    },
  },
  {
    op: "revokeUserInvitation",
    status: 400,
    code: "invalid_request_fields",
    rule: "no invitation for this email",
    run: async () =>
      api.revokeUserInvitation(await as("ada@acme.example"), {
        body: { org_id: DEMO_IDS.acme, email: "nobody@acme.example" },
      }),
  },
  {
    op: "revokeUserInvitation",
    status: 403,
    code: "action_forbidden",
    rule: "the user's role lacks can_invite",
    run: async () =>
      api.revokeUserInvitation(await as("alan@acme.example"), {
        body: { org_id: DEMO_IDS.acme, email: "linus@acme.example" },
      }),
  },
  {
    op: "revokeUserInvitation",
    status: 404,
    code: "org_not_found",
    rule: "no such org",
    run: async () =>
      api.revokeUserInvitation(await as("ada@acme.example"), {
        body: { org_id: "org_nope", email: "linus@acme.example" },
      }),
  },
];
