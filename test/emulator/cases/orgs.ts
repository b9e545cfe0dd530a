import { expect } from "vitest";
import * as api from "../../../src/generated/operations.js";
import { admin, loggedIn } from "../harness.js";
import type { Case } from "./case.js";
import { DEMO_IDS } from "../../../src/emulator/seeds/demo-seed.js";

const as = async (email: string) => (await loggedIn(email)).t;

/** Creating, configuring, deleting and joining organisations. */
export const orgCases: Case[] = [
  {
    op: "createOrg",
    status: 200,
    rule: "the creator becomes Owner; first_org says whether it is their first",
    async run() {
      const t = await as("newcomer@gmail.example");
      const created = await api.createOrg(t, {
        body: { name: "Hooli", autojoin_by_domain: false, restrict_to_domain: false },
      });
      expect(created.first_org).toBe(true);
      expect((await api.refreshToken(t)).org_id_to_org_member_info?.[created.org_id]?.user_role).toBe("Owner");
    },
  },
  {
    op: "createOrg",
    status: 400,
    code: "invalid_request_fields",
    rule: "empty name",
    run: async () =>
      api.createOrg(await as("ada@acme.example"), {
        body: { name: " ", autojoin_by_domain: false, restrict_to_domain: false },
      }),
  },
  {
    op: "createOrg",
    status: 400,
    code: "personal_domain_error",
    rule: "domain settings asked for on a personal e-mail domain",
    run: async () =>
      api.createOrg(await as("newcomer@gmail.example"), {
        body: { name: "Hooli", autojoin_by_domain: true, restrict_to_domain: false },
      }),
  },
  {
    op: "createOrg",
    status: 403,
    code: "action_disabled",
    rule: "settings.orgCreation off (or the user may not create orgs)",
    run: async () => (
      await admin.configure({ orgCreation: false }),
      api.createOrg(await as("ada@acme.example"), {
        body: { name: "Hooli", autojoin_by_domain: false, restrict_to_domain: false },
      })
    ),
  },
  {
    op: "createOrg",
    status: 409,
    code: "user_max_orgs_limit_exceeded",
    rule: "the user is in settings.maxOrgsPerUser orgs",
    run: async () => (
      await admin.configure({ maxOrgsPerUser: 2 }),
      api.createOrg(await as("ada@acme.example"), {
        body: { name: "Hooli", autojoin_by_domain: false, restrict_to_domain: false },
      })
    ),
  },
  {
    op: "getOrgSettings",
    status: 200,
    rule: "each org's own settings; what the user may change follows their role",
    async run() {
      const t = await as("ada@acme.example");
      expect(await api.getOrgSettings(t, { query: { org_id: DEMO_IDS.acme } })).toMatchObject({
        org_name: "Acme Inc.",
        user_can_update_org_settings: true,
        is_saml_enabled: true,
        existing_domain: "acme.example",
      });
      expect(await api.getOrgSettings(t, { query: { org_id: DEMO_IDS.globex } })).toMatchObject({
        org_name: "Globex Corporation",
        user_can_update_org_settings: false,
      });
    },
  },
  {
    op: "getOrgSettings",
    status: 403,
    code: "action_forbidden",
    rule: "the user is not a member",
    run: async () => api.getOrgSettings(await as("ada@acme.example"), { query: { org_id: DEMO_IDS.initech } }),
  },
  {
    op: "getOrgSettings",
    status: 404,
    code: "org_not_found",
    rule: "no such org",
    run: async () => api.getOrgSettings(await as("ada@acme.example"), { query: { org_id: "org_nope" } }),
  },
  {
    op: "updateOrgMetadata",
    status: 204,
    rule: "a member with can_update_org_settings: the changes stick",
    async run() {
      const t = await as("ada@acme.example");
      await api.updateOrgMetadata(t, {
        body: { org_id: DEMO_IDS.acme, name: "Acme Renamed", require_2fa_by: "2030-01-01T00:00:00Z" },
      });
      expect(await api.getOrgSettings(t, { query: { org_id: DEMO_IDS.acme } })).toMatchObject({
        org_name: "Acme Renamed",
        require_2fa_by: "2030-01-01T00:00:00.000Z",
      });
    },
  },
  {
    op: "updateOrgMetadata",
    status: 400,
    code: "invalid_request_fields",
    rule: "name over 100 characters",
    run: async () =>
      api.updateOrgMetadata(await as("ada@acme.example"), { body: { org_id: DEMO_IDS.acme, name: "x".repeat(101) } }),
  },
  {
    op: "updateOrgMetadata",
    status: 403,
    code: "action_forbidden",
    rule: "the user's role lacks can_update_org_settings",
    run: async () =>
      api.updateOrgMetadata(await as("alan@acme.example"), { body: { org_id: DEMO_IDS.acme, name: "Mine now" } }),
  },
  {
    op: "updateOrgMetadata",
    status: 404,
    code: "org_not_found",
    rule: "no such org",
    run: async () => api.updateOrgMetadata(await as("ada@acme.example"), { body: { org_id: "org_nope", name: "x" } }),
  },
  {
    op: "deleteOrg",
    status: 204,
    rule: "an Owner deletes the org; it is gone from the session",
    async run() {
      const t = await as("ada@acme.example");
      await api.deleteOrg(t, { body: { org_id: DEMO_IDS.acme } });
      expect(Object.keys((await api.refreshToken(t)).org_id_to_org_member_info ?? {})).toEqual([DEMO_IDS.globex]);
    },
  },
  {
    op: "deleteOrg",
    status: 403,
    code: "action_disabled",
    rule: "settings.orgDeletion off",
    run: async () => (
      await admin.configure({ orgDeletion: false }),
      api.deleteOrg(await as("ada@acme.example"), { body: { org_id: DEMO_IDS.acme } })
    ),
  },
  {
    op: "deleteOrg",
    status: 403,
    code: "action_forbidden",
    rule: "an Admin, not an Owner",
    run: async () => api.deleteOrg(await as("grace@acme.example"), { body: { org_id: DEMO_IDS.acme } }),
  },
  {
    op: "deleteOrg",
    status: 404,
    code: "org_not_found",
    rule: "no such org",
    run: async () => api.deleteOrg(await as("ada@acme.example"), { body: { org_id: "org_nope" } }),
  },
  {
    op: "getJoinableOrgs",
    status: 200,
    rule: "orgs with autojoin on the user's domain that they are not in",
    run: async () =>
      expect((await api.getJoinableOrgs(await as("ada@acme.example"))).orgs.map((o) => o.id)).toEqual([
        DEMO_IDS.initech,
        DEMO_IDS.umbrella,
      ]),
  },
  {
    op: "joinOrg",
    status: 200,
    rule: "a joinable org: the user becomes its lowest role",
    async run() {
      const t = await as("ada@acme.example");
      expect(await api.joinOrg(t, { path: { orgId: DEMO_IDS.initech } })).toEqual({
        org_id: DEMO_IDS.initech,
        first_org: false,
      });
      expect((await api.refreshToken(t)).org_id_to_org_member_info?.[DEMO_IDS.initech]?.user_role).toBe("Member");
    },
  },
  {
    op: "joinOrg",
    status: 404,
    code: "org_not_found",
    rule: "not joinable by the user's domain (or no such org)",
    run: async () => api.joinOrg(await as("newcomer@gmail.example"), { path: { orgId: DEMO_IDS.initech } }),
  },
  {
    op: "joinOrg",
    status: 409,
    code: "org_max_users_limit_exceeded",
    rule: "the org has max_users members",
    run: async () => api.joinOrg(await as("ada@acme.example"), { path: { orgId: DEMO_IDS.umbrella } }),
  },
  {
    op: "joinOrg",
    status: 409,
    code: "user_max_orgs_limit_exceeded",
    rule: "the user is in settings.maxOrgsPerUser orgs",
    run: async () => (
      await admin.configure({ maxOrgsPerUser: 2 }),
      api.joinOrg(await as("ada@acme.example"), { path: { orgId: DEMO_IDS.initech } })
    ),
  },
];
