import * as api from "../../src/generated/operations.js";
import type { OperationId } from "../../src/generated/operations.js";
import type { RequestOptions } from "../../src/transport/index.js";
import type { Transport } from "../../src/transport/index.js";
import type { ServerOperationId } from "../../src/generated/server-operations.js";
import { DEMO_IDS } from "../../src/emulator/seeds/demo-seed.js";

/** The id of every call a browser makes (the server's calls are in server-calls.ts). */
export type BrowserOperationId = Exclude<OperationId, ServerOperationId>;

/** One valid call of every browser operation; the mapped type makes the compiler insist that none is missing. */
export const validCalls: { [Op in BrowserOperationId]: (t: Transport, o?: RequestOptions) => Promise<unknown> } = {
  refreshToken: (t, o) => api.refreshToken(t, { query: { active_org_id: DEMO_IDS.acme } }, o),
  logout: (t, o) => api.logout(t, {}, o),
  getLoginState: (t, o) => api.getLoginState(t, {}, o),
  login: (t, o) => api.login(t, { body: { email: "ada@acme.com", password: "correct horse" } }, o),
  signup: (t, o) => api.signup(t, { body: { email: "ada@acme.com", password: "correct horse", first_name: "Ada" } }, o),
  forgotPassword: (t, o) => api.forgotPassword(t, { body: { email: "ada@acme.com" } }, o),
  loginPasswordless: (t, o) =>
    api.loginPasswordless(t, { body: { email: "ada@acme.com", create_if_doesnt_exist: false } }, o),
  verifyMfa: (t, o) => api.verifyMfa(t, { body: { code: "123456" } }, o),
  verifyBackupCode: (t, o) => api.verifyBackupCode(t, { body: { code: "abcd-efgh" } }, o),
  resendEmailConfirmation: (t, o) => api.resendEmailConfirmation(t, {}, o),
  loginCheck: (t, o) => api.loginCheck(t, { query: { domain: "acme.com" } }, o),
  getSecurityStatus: (t, o) => api.getSecurityStatus(t, {}, o),
  enableMfa: (t, o) => api.enableMfa(t, { body: { code: "123456" } }, o),
  disableMfa: (t, o) => api.disableMfa(t, { body: {} }, o),
  updatePassword: (t, o) => api.updatePassword(t, { body: { password: "new password 1", current_password: "old" } }, o),
  updateEmail: (t, o) => api.updateEmail(t, { body: { new_email: "ada@newco.com", password: "pw" } }, o),
  updateMetadata: (t, o) =>
    api.updateMetadata(t, { body: { first_name: "Ada", properties: { favorite_color: "teal" } } }, o),
  deleteMe: (t, o) => api.deleteMe(t, {}, o),
  createOrg: (t, o) =>
    api.createOrg(t, { body: { name: "Acme", autojoin_by_domain: false, restrict_to_domain: false } }, o),
  getOrgSettings: (t, o) => api.getOrgSettings(t, { query: { org_id: DEMO_IDS.acme } }, o),
  updateOrgMetadata: (t, o) =>
    api.updateOrgMetadata(
      t,
      { body: { org_id: DEMO_IDS.acme, name: "Acme Inc", require_2fa_by: "2027-01-01T00:00:00+02:00" } },
      o,
    ),
  deleteOrg: (t, o) => api.deleteOrg(t, { body: { org_id: DEMO_IDS.acme } }, o),
  getJoinableOrgs: (t, o) => api.getJoinableOrgs(t, {}, o),
  joinOrg: (t, o) => api.joinOrg(t, { path: { orgId: DEMO_IDS.initech } }, o),
  listOrgMembers: (t, o) =>
    api.listOrgMembers(
      t,
      { path: { orgId: DEMO_IDS.acme }, query: { page_number: 0, page_size: 10, email_search: "ada" } },
      o,
    ),
  listPendingInvites: (t, o) =>
    api.listPendingInvites(t, { path: { orgId: DEMO_IDS.acme }, query: { page_number: 0 } }, o),
  listExpiredInvites: (t, o) =>
    api.listExpiredInvites(t, { path: { orgId: DEMO_IDS.acme }, query: { page_size: 5 } }, o),
  inviteUser: (t, o) =>
    api.inviteUser(
      t,
      { body: { org_id: DEMO_IDS.acme, email: "grace@acme.com", role: "Member", additional_roles: [] } },
      o,
    ),
  removeUser: (t, o) => api.removeUser(t, { body: { org_id: DEMO_IDS.acme, user_id: DEMO_IDS.grace } }, o),
  changeRole: (t, o) =>
    api.changeRole(
      t,
      { body: { org_id: DEMO_IDS.acme, user_id: DEMO_IDS.grace, role: "Admin", additional_roles: ["Billing"] } },
      o,
    ),
  revokeUserInvitation: (t, o) =>
    api.revokeUserInvitation(t, { body: { org_id: DEMO_IDS.acme, email: "grace@acme.com" } }, o),
  listPersonalApiKeys: (t, o) =>
    api.listPersonalApiKeys(t, { query: { page_number: 0, page_size: 20, sort_by: "CreatedAtDesc" } }, o),
  listOrgApiKeys: (t, o) => api.listOrgApiKeys(t, { query: { org_id: DEMO_IDS.acme, api_key_search: "ci" } }, o),
  createApiKey: (t, o) =>
    api.createApiKey(t, { body: { org_id: DEMO_IDS.acme, expiration_option: "OneMonth", display_name: "CI" } }, o),
  updateApiKey: (t, o) => api.updateApiKey(t, { path: { apiKeyId: "key_1" }, body: { display_name: "Renamed" } }, o),
  deleteApiKey: (t, o) => api.deleteApiKey(t, { path: { apiKeyId: "key_1" } }, o),
};
