/**
 * docs/migrating-from-propelauth.md maps every public name of the vendor's packages. The names below are the
 * exports of @propelauth/react 2.1.1 and @propelauth/frontend-apis-react 0.0.20 (their index.d.ts), and the functions
 * of the client `useAuthFrontendApis()` returns.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const VENDOR_REACT = [
  "createClient",
  "OrgMemberInfoClass",
  "UserClass",
  "AccessHelper",
  "AccessHelperWithOrg",
  "IAuthClient",
  "IAuthOptions",
  "OrgHelper",
  "OrgIdToOrgMemberInfo",
  "OrgIdToOrgMemberInfoClass",
  "OrgMemberInfo",
  "RedirectToAccountOptions",
  "RedirectToCreateOrgOptions",
  "RedirectToLoginOptions",
  "RedirectToOrgPageOptions",
  "RedirectToSetupSAMLPageOptions",
  "RedirectToSignupOptions",
  "User",
  "UserFields",
  "UserProperties",
  "AuthProvider",
  "AuthProviderProps",
  "RequiredAuthProviderProps",
  "AuthProviderForTesting",
  "AuthProviderForTestingProps",
  "UserInformationForTesting",
  "useAccessHelper",
  "useOrgHelper",
  "UseAccessHelper",
  "UseAccessHelperLoaded",
  "UseAccessHelperLoading",
  "UseOrgHelper",
  "UseOrgHelperLoaded",
  "UseOrgHelperLoading",
  "loadOrgSelectionFromLocalStorage",
  "saveOrgSelectionToLocalStorage",
  "useActiveOrg",
  "useAuthInfo",
  "UseAuthInfoProps",
  "UseAuthInfoLoading",
  "UseAuthInfoLoggedInProps",
  "UseAuthInfoNotLoggedInProps",
  "useAuthUrl",
  "useHostedPageUrls",
  "useLogoutFunction",
  "RedirectToLogin",
  "RedirectToSignup",
  "useRedirectFunctions",
  "RedirectProps",
  "RequiredAuthProvider",
  "withAuthInfo",
  "WithAuthInfoArgs",
  "WithAuthInfoProps",
  "WithLoggedInAuthInfoProps",
  "WithNotLoggedInAuthInfoProps",
  "withRequiredAuthInfo",
  "WithRequiredAuthInfoArgs",
];
const VENDOR_FRONTEND_APIS_REACT = [
  "MfaStatus",
  "UseMfaReturnType",
  "UsePaginationWithSearchProps",
  "useAuthFrontendApis",
  "useMfa",
  "usePaginationWithSearch",
];
const FRONTEND_APIS_CLIENT = [
  "enableMfa",
  "disableMfa",
  "fetchMfaStatusWithNewSecret",
  "updatePassword",
  "deleteAccount",
  "updateUserMetadata",
  "updateEmail",
  "fetchOrgMembers",
  "fetchPendingOrgInvites",
  "fetchExpiredOrgInvites",
  "inviteUserToOrg",
  "removeUserFromOrg",
  "updateUserRoleInOrg",
  "revokeUserOrgInvitation",
  "updateOrgSettings",
  "fetchOrgSettings",
  "deleteOrg",
  "createOrg",
  "fetchPersonalApiKeys",
  "createPersonalApiKey",
  "fetchOrgApiKeys",
  "createOrgApiKey",
  "deleteApiKey",
  "updateApiKey",
  "fetchLoginState",
  "emailPasswordLogin",
  "resendEmailConfirmation",
  "verifyMfaForLogin",
  "verifyMfaBackupCodeForLogin",
  "sendForgotPasswordEmail",
  "fetchJoinableOrgs",
  "joinOrg",
  "passwordlessLogin",
  "loginViaSamlForOrg",
  "signup",
  "loginWithSocialProvider",
];

const guide = readFileSync(join(import.meta.dirname, "..", "..", "docs", "migrating-from-propelauth.md"), "utf8");
/** The first cell of every table row: the vendor's side. */
const vendorCells = guide
  .split("\n")
  .filter((line) => line.startsWith("| ") && !line.startsWith("|---"))
  .map((line) => line.split(" | ")[0] ?? "");

function mapped(name: string): boolean {
  return vendorCells.some(
    (cell) => cell.includes(`\`${name}\``) || cell.includes(`\`${name}.`) || cell.includes(`\`${name}(`),
  );
}

describe("the migration guide", () => {
  it.each([
    ["@propelauth/react", VENDOR_REACT],
    ["@propelauth/frontend-apis-react", VENDOR_FRONTEND_APIS_REACT],
    ["useAuthFrontendApis()", FRONTEND_APIS_CLIENT],
  ])("maps every public name of %s", (_, names) => {
    expect(names.filter((name) => !mapped(name))).toEqual([]);
  });
});
