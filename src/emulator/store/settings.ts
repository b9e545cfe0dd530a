/** The project settings of the emulated provider: what is turned on, the limits, and the role hierarchy. */
export interface EmulatorSettings {
  passwordLogin: boolean;
  signup: boolean;
  passwordless: boolean;
  /** Passwordless sign-ups must use a work address (personal domains refused). */
  passwordlessWorkEmailOnly: boolean;
  /** When not empty, only these e-mail domains may sign up without a password. */
  allowedSignupDomains: string[];
  requireEmailConfirmation: boolean;
  /** Profile fields every user must fill in before the login finishes (UserMetadataRequired). */
  requiredUserFields: ("first_name" | "last_name" | "username")[];
  /** Users must belong to an org before the login finishes (OrgCreationRequired). */
  requireOrgMembership: boolean;
  orgs: boolean;
  orgCreation: boolean;
  orgDeletion: boolean;
  emailChange: boolean;
  accountDeletion: boolean;
  personalApiKeys: boolean;
  orgApiKeys: boolean;
  apiKeyExpirationOptions: string[];
  maxOrgsPerUser: number;
  /** Wrong passwords in a row that lock an account. */
  lockAfterFailedLogins: number;
  /** Wrong MFA codes in a row that lock MFA for `mfaLockSeconds`. */
  lockAfterFailedMfa: number;
  mfaLockSeconds: number;
  /** E-mail domains the outbox cannot deliver to (e-mails to them fail with email_send_failure). */
  undeliverableDomains: string[];
  personalDomains: string[];
  accessTokenSeconds: number;
  sessionSeconds: number;
  /**
   * Seconds a rotated server-side refresh token keeps working (parallel refreshes that raced one rotation). 0 is
   * strict rotation: a replaced refresh token is refused at once, as a strict provider does.
   */
  refreshTokenReuseSeconds: number;
  /** Seconds a user must wait between two confirmation e-mails. */
  emailResendSeconds: number;
  /**
   * Validations of one end-user API key allowed in `apiKeyValidationWindowSeconds` (both validate calls, counted per
   * key); the next answers 429 with `wait_seconds` until the window ends. 0 switches the limit off.
   */
  apiKeyValidationLimit: number;
  /** The window of `apiKeyValidationLimit`, in seconds. */
  apiKeyValidationWindowSeconds: number;
  /**
   * When above 0, every backend API call with the integration API key answers 429, waiting this many seconds
   * (`Retry-After`; `wait_seconds` too on the validate calls): an app's rate-limit path under test. 0: off.
   */
  backendRateLimitSeconds: number;
  /** Where logout sends the browser; the emulator's own login page when null. */
  logoutRedirect: string | null;
  /**
   * Where a finished login goes when the app sent no return address (the dashboard's default redirect). Null: back
   * to the app the user came from when its origin is allowed, else the emulator's account page.
   */
  defaultRedirect: string | null;
  /** Access tokens carry the user's `properties` (the dashboard's "include user properties in tokens"). */
  userPropertiesInTokens: boolean;
  /** Roles from highest to lowest; each holds its own permissions and inherits those below it. */
  roles: { name: string; permissions: string[] }[];
  /** Extra roles a multi_role org may assign besides the primary one. */
  additionalRoles: { name: string; permissions: string[] }[];
  /**
   * Named custom role mappings: each its own role hierarchy (highest first) and additional roles, used instead of
   * `roles` / `additionalRoles` by the orgs subscribed to it (the backend's `custom_role_mapping_name`).
   */
  roleMappings: RoleMapping[];
}

/** A custom role mapping: a name, its role hierarchy (highest first) and its additional roles. */
export interface RoleMapping {
  name: string;
  roles: { name: string; permissions: string[] }[];
  additionalRoles: { name: string; permissions: string[] }[];
}

/** The settings a fresh emulator starts with. */
export const defaultSettings: EmulatorSettings = {
  passwordLogin: true,
  signup: true,
  passwordless: true,
  passwordlessWorkEmailOnly: false,
  allowedSignupDomains: [],
  requireEmailConfirmation: true,
  requiredUserFields: [],
  requireOrgMembership: false,
  orgs: true,
  orgCreation: true,
  orgDeletion: true,
  emailChange: true,
  accountDeletion: true,
  personalApiKeys: true,
  orgApiKeys: true,
  apiKeyExpirationOptions: ["TwoWeeks", "OneMonth", "ThreeMonths", "SixMonths", "OneYear", "Never"],
  maxOrgsPerUser: 10,
  lockAfterFailedLogins: 5,
  lockAfterFailedMfa: 5,
  mfaLockSeconds: 300,
  undeliverableDomains: ["undeliverable.example"],
  personalDomains: [
    "gmail.com",
    "gmail.example",
    "googlemail.com",
    "yahoo.com",
    "outlook.com",
    "hotmail.com",
    "icloud.com",
    "proton.me",
  ],
  accessTokenSeconds: 1800,
  sessionSeconds: 14 * 24 * 3600,
  refreshTokenReuseSeconds: 30,
  emailResendSeconds: 60,
  apiKeyValidationLimit: 100,
  apiKeyValidationWindowSeconds: 10,
  backendRateLimitSeconds: 0,
  logoutRedirect: null,
  defaultRedirect: null,
  userPropertiesInTokens: false,
  roles: [
    { name: "Owner", permissions: ["can_delete_org"] },
    {
      name: "Admin",
      permissions: [
        "can_invite",
        "can_manage_api_keys",
        "can_change_roles",
        "can_remove_users",
        "can_update_org_settings",
      ],
    },
    { name: "Member", permissions: ["can_view_billing"] },
  ],
  additionalRoles: [{ name: "Billing", permissions: ["can_view_billing", "can_manage_billing"] }],
  roleMappings: [],
};
