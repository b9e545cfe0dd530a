/**
 * Public types of the session engine. The React layer (src/hooks) codes against these names;
 * extend freely, but do not rename or remove without updating src/hooks.
 */
import type { SocialLoginProvider } from "../shared/social-providers.js";

export type { SocialLoginProvider, SocialLoginProviderName } from "../shared/social-providers.js";

/** A logged-in user, camelCased from the refresh response's known fields only. */
export interface User {
  userId: string;
  email: string;
  emailConfirmed: boolean;
  firstName?: string;
  lastName?: string;
  username?: string;
  pictureUrl?: string;
  hasPassword: boolean;
  hasMfaEnabled: boolean;
  canCreateOrgs: boolean;
  /** Unix seconds. */
  createdAt: number;
  /** Unix seconds. */
  lastActiveAt: number;
  locked: boolean;
  enabled: boolean;
  legacyUserId?: string;
  impersonatorUserId?: string;
  /** Free key/value map; keys are kept exactly as the server sent them. */
  properties: Record<string, unknown>;
}

/** How roles are structured inside one organisation. */
export type OrgRoleStructure = "single_role_in_hierarchy" | "multi_role";

/** The user's membership of one organisation. */
export interface OrgMembership {
  orgId: string;
  orgName: string;
  urlSafeOrgName: string;
  /** Free key/value map; keys are kept exactly as the server sent them. */
  orgMetadata: Record<string, unknown>;
  legacyOrgId?: string;
  orgRoleStructure: OrgRoleStructure;
  userAssignedRole: string;
  userInheritedRolesPlusCurrentRole: string[];
  userAssignedAdditionalRoles: string[];
  userPermissions: string[];
}

/** Everything the refresh call tells us about the logged-in user. */
export interface AuthInfo {
  accessToken: string;
  /** Unix seconds, in the server's clock. */
  expiresAtSeconds: number;
  user: User;
  orgIdToOrgMembership: Record<string, OrgMembership>;
  impersonatorUserId?: string;
}

/**
 * What a subscriber sees: one immutable object per state, identity-stable until something changes.
 * "unreachable": the auth server could not be asked (network failure, timeout, refused redirect, 429 or 5xx) and
 * no valid token is held; not "logged out". The engine keeps trying (background check, focus, online).
 */
export type AuthSnapshot =
  | { readonly status: "loading" }
  | { readonly status: "logged_out" }
  | { readonly status: "unreachable" }
  | {
      readonly status: "logged_in";
      readonly authInfo: AuthInfo;
      /** The active org: the app's selection while the user is a member of it, else the chooser's pick (null: none). */
      readonly activeOrgId: string | null;
    };

/** The session as the engine tracks it: a snapshot before the client adds the active org to a logged-in one. */
export type SessionState =
  | Exclude<AuthSnapshot, { status: "logged_in" }>
  | { readonly status: "logged_in"; readonly authInfo: AuthInfo };

/**
 * The result of asking for an org-scoped access token. `unsupported_by_server_session`: the session lives on the
 * app's server (orgauth/nextjs/client), which has no org-scoped tokens; switch the active org instead.
 */
export type OrgAccessTokenResult =
  | { ok: true; accessToken: string; expiresAtSeconds: number }
  | { ok: false; error: "user_not_in_org" | "unexpected_error" | "unsupported_by_server_session" };

/** Options shared by every hosted-page URL builder. */
export interface HostedPageOptions {
  /** Where the hosted page sends the user afterwards; encoded as UTF-8-safe base64 in `rt`. */
  returnTo?: string;
}

/** Extra options of the signup and login pages: additional query parameters (they can never override `rt`). */
export interface SignupLoginPageOptions extends HostedPageOptions {
  params?: Record<string, string>;
}

/** Builders of URLs to the provider's hosted pages. */
export interface HostedPageUrls {
  /** URL of the hosted signup page. */
  signup(options?: SignupLoginPageOptions): string;
  /** URL of the hosted login page. */
  login(options?: SignupLoginPageOptions): string;
  /** URL of the hosted account page. */
  account(options?: HostedPageOptions): string;
  /** URL of the hosted org page, optionally for one org. */
  org(orgId?: string, options?: HostedPageOptions): string;
  /** URL of the hosted create-org page. */
  createOrg(options?: HostedPageOptions): string;
  /** URL of the hosted SAML setup page of an org. */
  saml(orgId: string, options?: HostedPageOptions): string;
  /** URL that starts a social login with a provider. */
  socialLogin(provider: SocialLoginProvider): string;
}

/** Navigations to the provider's hosted pages; each builds the URL and asks the environment to navigate. */
export interface RedirectFunctions {
  /** Navigate to the hosted signup page. */
  toSignup(options?: SignupLoginPageOptions): void;
  /** Navigate to the hosted login page. */
  toLogin(options?: SignupLoginPageOptions): void;
  /** Navigate to the hosted account page. */
  toAccount(options?: HostedPageOptions): void;
  /** Navigate to the hosted org page. */
  toOrg(orgId?: string, options?: HostedPageOptions): void;
  /** Navigate to the hosted create-org page. */
  toCreateOrg(options?: HostedPageOptions): void;
  /** Navigate to the hosted SAML setup page. */
  toSaml(orgId: string, options?: HostedPageOptions): void;
  /** Navigate to a social login. */
  toSocialLogin(provider: SocialLoginProvider): void;
}

/** Which identifier SAML login is looked up by (`GET /login/check`). */
export type SamlLoginLookup = { domain: string } | { orgId: string } | { email: string };

/**
 * The session client created by `createAuthClient`: refresh, store and timers. Framework-free; safe to create on
 * a server. Hosted pages (`getHostedPageUrls`, `getRedirectFunctions`), the fe/v3 transport (`getAuthTransport`)
 * and SAML login (`loginWithSaml`) are functions that take the client, so an app bundles only what it calls.
 */
export interface AuthClient {
  /** The origin of the auth host (authUrl reduced to its origin). */
  readonly authUrl: string;
  /** Current state; the same object is returned until the state changes (for useSyncExternalStore). */
  getSnapshot(): AuthSnapshot;
  /** Called on every snapshot change; starts the engine (first refresh, timers, listeners) on first use. */
  subscribe(listener: () => void): () => void;
  /** Starts the engine without subscribing (idempotent; a no-op on a server). */
  start(): void;
  /** Observer told true when a token appears and false when it disappears. */
  onLoggedInChange(listener: (loggedIn: boolean) => void): () => void;
  /** Observer told the new access token (null when logged out) whenever it changes. */
  onAccessTokenChange(listener: (accessToken: string | null) => void): () => void;
  /** Observer told every change of auth info, even when the access token string is unchanged. */
  onAuthInfoChange(listener: (authInfo: AuthInfo | null) => void): () => void;
  /** Current auth info, refreshing first when forced or when the token is near expiry. */
  getAuthInfo(options?: { forceRefresh?: boolean }): Promise<AuthInfo | null>;
  /**
   * The access token, renewed first when it is near expiry (or when no refresh has run yet); null when logged
   * out. Rejects only when the session cannot be checked and no unexpired token is at hand.
   */
  getAccessToken(): Promise<string | null>;
  /** Forces a refresh now (single-flight, shared across tabs). */
  refresh(): Promise<AuthInfo | null>;
  /** An access token scoped to one org, cached 300 s per org. Rejects only for an org id with a lone surrogate (RequestValidationError). */
  getAccessTokenForOrg(orgId: string): Promise<OrgAccessTokenResult>;
  /** Logs out; navigates to the server's `redirect_to` when asked. */
  logout(options?: { redirect?: boolean }): Promise<void>;
  /**
   * The active org id: the selected org while the user is a member of it, else the first membership, else null
   * (or the `chooseActiveOrg` option's answer). Until the session is known it is the persisted selection.
   */
  getActiveOrgId(): string | null;
  /** Selects the active org (null clears it); persisted and used as `active_org_id` on refresh. Throws RequestValidationError for a lone surrogate. */
  setActiveOrgId(orgId: string | null): void;
  /** Removes every timer and listener; the client is unusable afterwards. */
  destroy(): void;
}
