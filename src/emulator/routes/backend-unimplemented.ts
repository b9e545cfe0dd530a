import type { EmulatorContext } from "../store/context.js";
import { ProviderError } from "../http/errors.js";
import type { Router } from "../http/http.js";
import { backendRegistrar } from "./backend-edge.js";

/**
 * The provider library's backend calls the emulator does not serve (they are not in the contract either: it holds
 * what orgauth's client calls), as `[function, method, path]`: SCIM, reports and charts, step-up and SMS MFA,
 * social-login provider tokens, employee lookup, SAML / OIDC identity-provider setup, the SAML connection link and
 * the SP metadata.
 */
export const UNIMPLEMENTED_BACKEND_CALLS: readonly [string, string, string][] = [
  ["fetchUserOAuthTokens", "GET", "/api/backend/v1/user/:userId/oauth_token"],
  ["fetchFreshTokenFromProvider", "GET", "/api/backend/v1/user/:userId/:provider/fresh_token"],
  ["createOrgSamlConnectionLink", "POST", "/api/backend/v1/org/:orgId/create_saml_connection_link"],
  ["fetchSamlSpMetadata", "GET", "/api/backend/v1/saml_sp_metadata/:orgId"],
  ["setSamlIdpMetadata", "POST", "/api/backend/v1/saml_idp_metadata"],
  ["setOidcIdpMetadata", "POST", "/api/backend/v1/oidc_idp_metadata"],
  ["samlGoLive", "POST", "/api/backend/v1/saml_idp_metadata/go_live/:orgId"],
  ["deleteSamlConnection", "DELETE", "/api/backend/v1/saml_idp_metadata/:orgId"],
  ["verifyStepUpTotpChallenge", "POST", "/api/backend/v1/mfa/step-up/verify-totp"],
  ["verifyStepUpGrant", "POST", "/api/backend/v1/mfa/step-up/verify-grant"],
  ["sendSmsMfaCode", "POST", "/api/backend/v1/mfa/step-up/phone/send"],
  ["verifySmsChallenge", "POST", "/api/backend/v1/mfa/step-up/phone/verify"],
  ["fetchEmployeeById", "GET", "/api/backend/v1/employee/:employeeId"],
  ["fetchUserTopInviterReport", "GET", "/api/backend/v1/user_report/top_inviter"],
  ["fetchUserChampionReport", "GET", "/api/backend/v1/user_report/champion"],
  ["fetchUserReengagementReport", "GET", "/api/backend/v1/user_report/reengagement"],
  ["fetchUserChurnReport", "GET", "/api/backend/v1/user_report/churn"],
  ["fetchOrgReengagementReport", "GET", "/api/backend/v1/org_report/reengagement"],
  ["fetchOrgChurnReport", "GET", "/api/backend/v1/org_report/churn"],
  ["fetchOrgGrowthReport", "GET", "/api/backend/v1/org_report/growth"],
  ["fetchOrgAttritionReport", "GET", "/api/backend/v1/org_report/attrition"],
  ["fetchChartMetricData", "GET", "/api/backend/v1/chart_metrics/:metric"],
  ["fetchScimGroup", "GET", "/api/backend/v1/scim/:orgId/groups/:groupId"],
  ["fetchOrgScimGroups", "GET", "/api/backend/v1/scim/:orgId/groups"],
];

/** A 501 naming the provider function the emulator does not serve. */
class NotImplemented extends ProviderError {
  constructor(readonly operation: string) {
    super(501, "not_implemented", `The emulator does not implement ${operation}`);
  }

  /** The error body with the operation's name. */
  override body(): Record<string, unknown> {
    return { ...super.body(), operation: this.operation };
  }
}

/**
 * Every backend call of the provider's library that the emulator does not serve answers `501` with
 * `{ error_code: "not_implemented", operation, user_facing_error }` after the usual API-key check: never a 404 or a
 * 500. Registered after the served backend routes, so it never shadows one.
 */
export function backendUnimplementedRoutes(router: Router, ctx: EmulatorContext): void {
  const add = backendRegistrar(router, ctx);
  for (const [operation, method, path] of UNIMPLEMENTED_BACKEND_CALLS)
    add(method, path, async () => {
      throw new NotImplemented(operation);
    });
}
