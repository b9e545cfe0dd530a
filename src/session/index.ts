// The framework-free session core: createAuthClient, its types, helpers and errors. No React import.
export { createAuthClient } from "./create-auth-client.js";
export { getHostedPageUrls, getRedirectFunctions } from "./client-pages.js";
export { getAuthTransport } from "./client-transport.js";
export { loginWithSaml } from "./saml-login.js";
export {
  tabSync,
  type CoordinatedResult,
  type CoordinatorOptions,
  type Freshness,
  type SharedResult,
  type TabCoordinator,
  type TabSync,
} from "./tab-coordinator.js";
/** @internal For the testing kit's clients. */
export { clientRegistry, type ClientParts } from "./client-parts.js";
export type * from "./types.js";
export type { AuthClientOptions, SessionTimingOptions, SessionTriggerOptions } from "./options.js";
export { chooseSelectedOrFirstOrg, resolveActiveOrgId, type ActiveOrgChooser } from "./active-org.js";
/** @internal For the testing kit's static client. */
export { createSnapshotDeriver } from "./active-org.js";
export { DEFAULT_TIMING } from "./options.js";
export type { AuthEvent, AuthEventBody, RefreshReason, ValidationIssue } from "./events.js";
export type { ClockSkewSource } from "./clock-skew.js";
export type { AuthEnvironment, KeyValueStore, TabChannel, TabLocks, TimerHandle, WakeReason } from "./environment.js";
export {
  BrowserOnlyError,
  createBrowserEnvironment,
  createDefaultEnvironment,
  createServerEnvironment,
} from "./environment.js";
export {
  AuthClientDestroyedError,
  LogoutError,
  RefreshError,
  REFRESH_NO_RESPONSE_STATUS,
  type SessionFailureKind,
} from "./errors.js";
export { UnsafeNavigationError } from "./unsafe-navigation-error.js";
export {
  getOrg,
  getOrgByName,
  getOrgs,
  hasAllPermissions,
  hasPermission,
  isAtLeastRole,
  isImpersonating,
  isRole,
} from "./access-helpers.js";
export { toAuthInfo } from "./auth-info.js";
export { orgAccessFor, toAuthOrg, toAuthUser, type AuthOrg, type AuthUser, type OrgAccess } from "./auth-objects.js";
export { createHostedPageUrls, createRedirectFunctions, ReturnToError } from "./hosted-pages.js";
export { SOCIAL_LOGIN_PROVIDER_NAMES, SOCIAL_LOGIN_PROVIDERS } from "../shared/social-providers.js";
export { decodeReturnTo, encodeReturnTo } from "./return-to.js";
export { assertSafeNavigationTarget } from "./safe-navigation.js";
export { ALLOWED_REDIRECT_STATUSES, createRedirectResponse, type RedirectStatus } from "./server-redirect.js";
