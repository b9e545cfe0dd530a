import * as server from "../../src/generated/server-operations.js";
import type { ServerOperationId } from "../../src/generated/server-operations.js";
import type { RequestOptions } from "../../src/transport/index.js";
import type { ServerTransport } from "../../src/transport/server-transport.js";

const ADA = "2a0981ee-7d41-4b5f-bfeb-fcfb65e4a5ec";
const ACME = "db3d2259-de43-402a-ab06-0de8cd905202";
const KEY_ID = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
const user = { path: { userId: ADA } };
const membership = { user_id: ADA, org_id: ACME, role: "Member" };

/** The access token the userinfo call is made with (Prism only checks that a bearer is there). */
export const TEST_ACCESS_TOKEN = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0.c2lnbmF0dXJl";

/** One valid call of every server operation; the mapped type makes the compiler insist that none is missing. */
export const serverCalls: {
  [Op in ServerOperationId]: (t: ServerTransport, o?: RequestOptions) => Promise<unknown>;
} = {
  ssrToken: (t, o) =>
    server.ssrToken(t, { body: { redirect_uri: "https://app.example.com/api/auth/callback", code: "c0de" } }, o),
  backendRefreshToken: (t, o) =>
    server.backendRefreshToken(
      t,
      {
        query: { with_active_org_support: true, active_org_id: "db3d2259-de43-402a-ab06-0de8cd905202" },
        body: { refresh_token: "rt_1" },
      },
      o,
    ),
  backendLogout: (t, o) => server.backendLogout(t, { body: { refresh_token: "rt_1" } }, o),
  oauthUserinfo: (t, o) => server.oauthUserinfo(t, { accessToken: TEST_ACCESS_TOKEN }, o),
  backendFetchTokenVerificationMetadata: (t, o) => server.backendFetchTokenVerificationMetadata(t, {}, o),
  backendFetchUserById: (t, o) => server.backendFetchUserById(t, { ...user, query: { include_orgs: true } }, o),
  backendUpdateUserMetadata: (t, o) =>
    server.backendUpdateUserMetadata(t, { ...user, body: { first_name: "Ada", metadata: { plan: "pro" } } }, o),
  backendDeleteUser: (t, o) => server.backendDeleteUser(t, user, o),
  backendFetchUserByEmail: (t, o) => server.backendFetchUserByEmail(t, { query: { email: "ada@acme.example" } }, o),
  backendFetchUserByUsername: (t, o) => server.backendFetchUserByUsername(t, { query: { username: "ada" } }, o),
  backendFetchUsersByIds: (t, o) => server.backendFetchUsersByIds(t, { body: { user_ids: [ADA] } }, o),
  backendFetchUsersByEmails: (t, o) =>
    server.backendFetchUsersByEmails(t, { query: { include_orgs: true }, body: { emails: ["ada@acme.example"] } }, o),
  backendFetchUsersByUsernames: (t, o) => server.backendFetchUsersByUsernames(t, { body: { usernames: ["ada"] } }, o),
  backendQueryUsers: (t, o) =>
    server.backendQueryUsers(
      t,
      { query: { page_number: 0, page_size: 10, order_by: "EMAIL", email_or_username: "ada" } },
      o,
    ),
  backendFetchUsersInOrg: (t, o) =>
    server.backendFetchUsersInOrg(t, { path: { orgId: ACME }, query: { role: "Admin", page_number: 0 } }, o),
  backendCreateUser: (t, o) =>
    server.backendCreateUser(
      t,
      { body: { email: "grace@acme.example", email_confirmed: true, password: "pw pw pw" } },
      o,
    ),
  backendUpdateUserEmail: (t, o) =>
    server.backendUpdateUserEmail(
      t,
      { ...user, body: { new_email: "ada@newco.example", require_email_confirmation: false } },
      o,
    ),
  backendUpdateUserPassword: (t, o) =>
    server.backendUpdateUserPassword(t, { ...user, body: { password: "pw pw pw" } }, o),
  backendClearUserPassword: (t, o) => server.backendClearUserPassword(t, user, o),
  backendDisableUser: (t, o) => server.backendDisableUser(t, user, o),
  backendEnableUser: (t, o) => server.backendEnableUser(t, user, o),
  backendDisableUser2fa: (t, o) => server.backendDisableUser2fa(t, user, o),
  backendEnableUserCanCreateOrgs: (t, o) => server.backendEnableUserCanCreateOrgs(t, user, o),
  backendDisableUserCanCreateOrgs: (t, o) => server.backendDisableUserCanCreateOrgs(t, user, o),
  backendLogoutAllUserSessions: (t, o) => server.backendLogoutAllUserSessions(t, user, o),
  backendResendEmailConfirmation: (t, o) => server.backendResendEmailConfirmation(t, { body: { user_id: ADA } }, o),
  backendCreateOrg: (t, o) => server.backendCreateOrg(t, { body: { name: "Initech", max_users: 20 } }, o),
  backendFetchOrg: (t, o) => server.backendFetchOrg(t, { path: { orgId: ACME } }, o),
  backendUpdateOrg: (t, o) =>
    server.backendUpdateOrg(t, { path: { orgId: ACME }, body: { max_users: 50, metadata: { tier: "gold" } } }, o),
  backendDeleteOrg: (t, o) => server.backendDeleteOrg(t, { path: { orgId: ACME } }, o),
  backendQueryOrgs: (t, o) => server.backendQueryOrgs(t, { body: { order_by: "NAME", page_number: 0 } }, o),
  backendAddUserToOrg: (t, o) => server.backendAddUserToOrg(t, { body: membership }, o),
  backendChangeUserRoleInOrg: (t, o) =>
    server.backendChangeUserRoleInOrg(t, { body: { ...membership, role: "Admin", additional_roles: ["Billing"] } }, o),
  backendRemoveUserFromOrg: (t, o) => server.backendRemoveUserFromOrg(t, { body: { user_id: ADA, org_id: ACME } }, o),
  backendInviteUserToOrg: (t, o) =>
    server.backendInviteUserToOrg(t, { body: { org_id: ACME, email: "linus@acme.example", role: "Member" } }, o),
  backendInviteUserToOrgByUserId: (t, o) => server.backendInviteUserToOrgByUserId(t, { body: membership }, o),
  backendFetchPendingInvites: (t, o) => server.backendFetchPendingInvites(t, { query: { org_id: ACME } }, o),
  backendRevokePendingOrgInvite: (t, o) =>
    server.backendRevokePendingOrgInvite(t, { body: { invitee_email: "linus@acme.example", org_id: ACME } }, o),
  backendFetchCurrentApiKeys: (t, o) => server.backendFetchCurrentApiKeys(t, { query: { org_id: ACME } }, o),
  backendCreateApiKey: (t, o) => server.backendCreateApiKey(t, { body: { user_id: ADA, display_name: "CLI" } }, o),
  backendFetchArchivedApiKeys: (t, o) =>
    server.backendFetchArchivedApiKeys(t, { query: { user_email: "ada@acme.example", page_size: 5 } }, o),
  backendValidateApiKey: (t, o) => server.backendValidateApiKey(t, { body: { api_key_token: "9c1d2e3f" } }, o),
  backendFetchApiKey: (t, o) => server.backendFetchApiKey(t, { path: { apiKeyId: KEY_ID } }, o),
  backendUpdateApiKey: (t, o) =>
    server.backendUpdateApiKey(t, { path: { apiKeyId: KEY_ID }, body: { set_to_never_expire: true } }, o),
  backendDeleteApiKey: (t, o) => server.backendDeleteApiKey(t, { path: { apiKeyId: KEY_ID } }, o),
  backendCreateAccessToken: (t, o) =>
    server.backendCreateAccessToken(t, { body: { user_id: ADA, duration_in_minutes: 10, active_org_id: ACME } }, o),
  backendFetchUserMfaMethods: (t, o) => server.backendFetchUserMfaMethods(t, user, o),
  backendFetchUserSignupQueryParams: (t, o) => server.backendFetchUserSignupQueryParams(t, user, o),
  backendFetchCustomRoleMappings: (t, o) => server.backendFetchCustomRoleMappings(t, {}, o),
  backendAllowOrgToSetupSaml: (t, o) => server.backendAllowOrgToSetupSaml(t, { path: { orgId: ACME } }, o),
  backendDisallowOrgToSetupSaml: (t, o) => server.backendDisallowOrgToSetupSaml(t, { path: { orgId: ACME } }, o),
  backendImportApiKey: (t, o) =>
    server.backendImportApiKey(t, { body: { imported_api_key: "legacy_4f1c2b9e8d7a6f5e", org_id: ACME } }, o),
  backendValidateImportedApiKey: (t, o) =>
    server.backendValidateImportedApiKey(t, { body: { api_key_token: "legacy_4f1c2b9e8d7a6f5e" } }, o),
  backendFetchApiKeyUsage: (t, o) =>
    server.backendFetchApiKeyUsage(t, { query: { date: "2026-11-29", api_key_id: KEY_ID } }, o),
  backendCreateMagicLink: (t, o) =>
    server.backendCreateMagicLink(t, { body: { email: "ada@acme.example", expires_in_hours: 1 } }, o),
  backendMigrateUser: (t, o) =>
    server.backendMigrateUser(t, { body: { email: "lin@acme.example", email_confirmed: true } }, o),
  backendMigrateUserPassword: (t, o) =>
    server.backendMigrateUserPassword(t, { body: { user_id: ADA, password_hash: "$2b$10$" } }, o),
};
