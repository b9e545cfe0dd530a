import type * as api from "../../src/generated/operations.js";
import type { OperationId } from "../../src/generated/operations.js";
import type { ServerOperationId } from "../../src/generated/server-operations.js";
import { DEMO_IDS } from "../../src/emulator/seeds/demo-seed.js";

/** The request argument of an operation's generated fetcher. */
export type RequestOf<Op extends OperationId & keyof typeof api> = Parameters<(typeof api)[Op]>[1];

/** The id of every call a browser makes (the server's calls are tested in test/contract/server-operations.test.ts). */
export type BrowserOperationId = Exclude<OperationId, ServerOperationId>;

/**
 * One valid request of every browser operation, about the demo seed's Acme where an org is needed: the table every test
 * that calls each operation reads (the contract test, the emulator's generic cases, the React query tests). The
 * mapped type makes the compiler insist that a new operation gets its row here.
 */
export const validRequests: { [Op in BrowserOperationId]: RequestOf<Op> } = {
  refreshToken: { query: { active_org_id: DEMO_IDS.acme } },
  logout: {},
  getLoginState: {},
  login: { body: { email: "ada@acme.com", password: "correct horse" } },
  signup: { body: { email: "ada@acme.com", password: "correct horse", first_name: "Ada" } },
  forgotPassword: { body: { email: "ada@acme.com" } },
  loginPasswordless: { body: { email: "ada@acme.com", create_if_doesnt_exist: false } },
  verifyMfa: { body: { code: "123456" } },
  verifyBackupCode: { body: { code: "abcd-efgh" } },
  resendEmailConfirmation: {},
  loginCheck: { query: { domain: "acme.com" } },
  getSecurityStatus: {},
  enableMfa: { body: { code: "123456" } },
  disableMfa: { body: {} },
  updatePassword: { body: { password: "new password 1", current_password: "old" } },
  updateEmail: { body: { new_email: "ada@newco.com", password: "pw" } },
  updateMetadata: { body: { first_name: "Ada", properties: { favorite_color: "teal" } } },
  deleteMe: {},
  createOrg: { body: { name: "Acme", autojoin_by_domain: false, restrict_to_domain: false } },
  getOrgSettings: { query: { org_id: DEMO_IDS.acme } },
  updateOrgMetadata: { body: { org_id: DEMO_IDS.acme, name: "Acme Inc", require_2fa_by: "2027-01-01T00:00:00+02:00" } },
  deleteOrg: { body: { org_id: DEMO_IDS.acme } },
  getJoinableOrgs: {},
  joinOrg: { path: { orgId: DEMO_IDS.initech } },
  listOrgMembers: { path: { orgId: DEMO_IDS.acme }, query: { page_number: 0, page_size: 10, email_search: "ada" } },
  listPendingInvites: { path: { orgId: DEMO_IDS.acme }, query: { page_number: 0 } },
  listExpiredInvites: { path: { orgId: DEMO_IDS.acme }, query: { page_size: 5 } },
  inviteUser: { body: { org_id: DEMO_IDS.acme, email: "grace@acme.com", role: "Member", additional_roles: [] } },
  removeUser: { body: { org_id: DEMO_IDS.acme, user_id: DEMO_IDS.grace } },
  changeRole: {
    body: { org_id: DEMO_IDS.acme, user_id: DEMO_IDS.grace, role: "Admin", additional_roles: ["Billing"] },
  },
  revokeUserInvitation: { body: { org_id: DEMO_IDS.acme, email: "grace@acme.com" } },
  listPersonalApiKeys: { query: { page_number: 0, page_size: 20, sort_by: "CreatedAtDesc" } },
  listOrgApiKeys: { query: { org_id: DEMO_IDS.acme, api_key_search: "ci" } },
  createApiKey: { body: { org_id: DEMO_IDS.acme, expiration_option: "OneMonth", display_name: "CI" } },
  updateApiKey: { path: { apiKeyId: "key_1" }, body: { display_name: "Renamed" } },
  deleteApiKey: { path: { apiKeyId: "key_1" } },
};
