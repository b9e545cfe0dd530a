/**
 * The scenarios of the demo's toolbar. A scenario makes Prism answer chosen calls with a documented example
 * of the contract, via the `Prefer: code=…, example=…` header (see scenario-fetch.ts). Pure data: a unit
 * test (test/unit/demo/scenarios.test.ts) checks every rule against openapi/auth-api.yaml.
 */

/** One call answered with one documented example. `route` is "METHOD /path" with `{param}` templates. */
export interface ScenarioRule {
  route: string;
  code: number;
  example?: string;
}

/** A named set of rules. */
export interface Scenario {
  id: string;
  group: "Session" | "Sign-in" | "Account" | "Organisations" | "API keys" | "Everything";
  label: string;
  /** What to try once it is selected. */
  hint: string;
  rules: readonly ScenarioRule[];
}

const LOGIN = "POST /api/fe/v3/login";
const ORG_ROUTES = [
  "GET /api/fe/v3/org_settings",
  "POST /api/fe/v3/update_org_metadata",
  "DELETE /api/fe/v3/delete_org",
  "POST /api/fe/v3/invite_user",
  "POST /api/fe/v3/remove_user",
  "POST /api/fe/v3/change_role",
  "POST /api/fe/v3/revoke_user_invitation",
  "GET /api/fe/v3/org_api_keys",
];

const step = (name: string, hint: string): Scenario => ({
  id: `step-${name}`,
  group: "Sign-in",
  label: `Login step: ${name}`,
  hint,
  rules: [{ route: LOGIN, code: 200, example: name }],
});

/** Every scenario, in toolbar order. */
export const SCENARIOS: readonly Scenario[] = [
  {
    id: "logged-out",
    group: "Session",
    label: "Logged out",
    hint: "The session answers 401: protected pages send you to the sign-in page.",
    rules: [
      { route: "GET /api/v1/refresh_token", code: 401, example: "not_logged_in" },
      { route: "GET /api/fe/v3/login_state", code: 200, example: "LoginRequired" },
    ],
  },
  {
    id: "impersonated",
    group: "Session",
    label: "Impersonated by support",
    hint: "The header shows who is impersonating you.",
    rules: [{ route: "GET /api/v1/refresh_token", code: 200, example: "impersonated" }],
  },
  {
    id: "owner",
    group: "Session",
    label: "Owner of Acme",
    hint: "Organisations offers deleting Acme and inviting owners.",
    rules: [{ route: "GET /api/v1/refresh_token", code: 200, example: "owner" }],
  },
  {
    id: "no-orgs",
    group: "Session",
    label: "New user in no organisation",
    hint: "Organisations shows the joinable organisations and the create form.",
    rules: [{ route: "GET /api/v1/refresh_token", code: 200, example: "no_orgs" }],
  },
  {
    id: "wrong-password",
    group: "Sign-in",
    label: "Incorrect email or password",
    hint: "Sign in with a password.",
    rules: [{ route: LOGIN, code: 404, example: "user_not_found" }],
  },
  {
    id: "invalid-fields",
    group: "Sign-in",
    label: "Invalid fields",
    hint: "Sign in, sign up or reset a password: the per-field messages appear.",
    rules: [
      { route: LOGIN, code: 400, example: "invalid_request_fields" },
      { route: "POST /api/fe/v3/signup", code: 400, example: "invalid_request_fields" },
      { route: "POST /api/fe/v3/forgot_password", code: 400, example: "invalid_request_fields" },
      { route: "POST /api/fe/v3/login_passwordless", code: 400, example: "invalid_request_fields" },
    ],
  },
  {
    id: "account-locked",
    group: "Sign-in",
    label: "Account locked",
    hint: "Sign in with a password or a magic link.",
    rules: [
      { route: LOGIN, code: 403, example: "account_locked" },
      { route: "POST /api/fe/v3/login_passwordless", code: 403, example: "account_locked" },
    ],
  },
  {
    id: "sign-up-disabled",
    group: "Sign-in",
    label: "Sign-up turned off, passwordless off",
    hint: "Try the sign-up and magic-link forms.",
    rules: [
      { route: "POST /api/fe/v3/signup", code: 403, example: "action_disabled" },
      { route: "POST /api/fe/v3/login_passwordless", code: 404, example: "not_found" },
    ],
  },
  step("TwoFactorRequired", "Sign in: the MFA code step follows (any 6 digits, or a backup code)."),
  {
    id: "mfa-wrong-code",
    group: "Sign-in",
    label: "MFA required, wrong codes",
    hint: "Sign in, then enter a code or a backup code.",
    rules: [
      { route: LOGIN, code: 200, example: "TwoFactorRequired" },
      { route: "POST /api/fe/v3/verify", code: 400, example: "invalid_request_fields" },
      { route: "POST /api/fe/v3/verify_backup", code: 400, example: "incorrect_mfa_code" },
    ],
  },
  {
    id: "mfa-locked",
    group: "Sign-in",
    label: "MFA required, then locked",
    hint: "Sign in, then enter a code.",
    rules: [
      { route: LOGIN, code: 200, example: "TwoFactorRequired" },
      { route: "POST /api/fe/v3/verify", code: 403, example: "account_mfa_locked" },
    ],
  },
  step("ConfirmEmailRequired", "Sign in: confirm-email step (resending the email stands in for clicking its link)."),
  {
    id: "confirm-email-rate-limited",
    group: "Sign-in",
    label: "Confirm email, rate limited",
    hint: "Sign in, then resend the confirmation email.",
    rules: [
      { route: LOGIN, code: 200, example: "ConfirmEmailRequired" },
      { route: "POST /api/fe/v3/resend_email_confirmation", code: 429, example: "rate_limit_exceeded" },
    ],
  },
  step("UserMetadataRequired", "Sign in: the profile step follows."),
  step("OrgCreationRequired", "Sign in: create or join an organisation."),
  step("UpdatePasswordRequired", "Sign in: set a new password."),
  step("TwoFactorEnablementRequired", "Sign in: turn on MFA with the QR secret."),
  {
    id: "saml-errors",
    group: "Sign-in",
    label: "SSO: no organisation found",
    hint: "Sign in with SSO.",
    rules: [{ route: "GET /api/fe/v3/login/check", code: 404, example: "org_not_found" }],
  },
  {
    id: "account-errors",
    group: "Account",
    label: "Incorrect password",
    hint: "Change your password or email.",
    rules: [
      { route: "POST /api/fe/v3/update_password", code: 400, example: "incorrect_password" },
      { route: "POST /api/fe/v3/update_email", code: 400, example: "incorrect_password" },
    ],
  },
  {
    id: "account-rate-limited",
    group: "Account",
    label: "Email changes rate limited, deletion off",
    hint: "Change your email, or delete your account.",
    rules: [
      { route: "POST /api/fe/v3/update_email", code: 429, example: "confirmation_email_sent" },
      { route: "DELETE /api/fe/v3/delete_me", code: 403, example: "action_disabled" },
      { route: "POST /api/fe/v3/update_metadata", code: 400, example: "invalid_request_fields" },
    ],
  },
  {
    id: "mfa-enabled",
    group: "Account",
    label: "MFA already on",
    hint: "Account shows the backup codes and the disable button.",
    rules: [{ route: "POST /api/fe/v3/security_status", code: 200, example: "Enabled" }],
  },
  {
    id: "forbidden",
    group: "Organisations",
    label: "Forbidden",
    hint: "Every organisation action answers action_forbidden.",
    rules: ORG_ROUTES.map((route) => ({ route, code: 403, example: "action_forbidden" })),
  },
  {
    id: "org-not-found",
    group: "Organisations",
    label: "Organisation not found",
    hint: "Every organisation call answers org_not_found.",
    rules: [
      ...ORG_ROUTES.filter((route) => route !== "POST /api/fe/v3/change_role"),
      "GET /api/fe/v3/org_membership/{orgId}/members",
      "GET /api/fe/v3/org_membership/{orgId}/pending_invites",
      "GET /api/fe/v3/org_membership/{orgId}/expired_invites",
      "POST /api/fe/v3/join_org/{orgId}",
    ].map((route) => ({ route, code: 404, example: "org_not_found" })),
  },
  {
    id: "member-view",
    group: "Organisations",
    label: "Settings seen by a member",
    hint: "The settings form is read-only.",
    rules: [{ route: "GET /api/fe/v3/org_settings", code: 200, example: "member_view" }],
  },
  {
    id: "org-limits",
    group: "Organisations",
    label: "Organisation full, limits reached",
    hint: "Invite someone, join or create an organisation.",
    rules: [
      { route: "POST /api/fe/v3/invite_user", code: 409, example: "org_max_users_limit_exceeded" },
      { route: "POST /api/fe/v3/join_org/{orgId}", code: 409, example: "org_max_users_limit_exceeded" },
      { route: "POST /api/fe/v3/create_org", code: 409, example: "user_max_orgs_limit_exceeded" },
    ],
  },
  {
    id: "empty-lists",
    group: "Organisations",
    label: "Empty lists",
    hint: "Members, invites, joinable organisations and API keys are empty.",
    rules: [
      { route: "GET /api/fe/v3/org_membership/{orgId}/members", code: 200, example: "empty" },
      { route: "GET /api/fe/v3/org_membership/{orgId}/pending_invites", code: 200, example: "empty" },
      { route: "GET /api/fe/v3/org_membership/{orgId}/expired_invites", code: 200, example: "empty" },
      { route: "GET /api/fe/v3/joinable_orgs", code: 200, example: "empty" },
      { route: "GET /api/fe/v3/personal_api_keys", code: 200, example: "empty" },
      { route: "GET /api/fe/v3/org_api_keys", code: 200, example: "empty" },
    ],
  },
  {
    id: "api-key-errors",
    group: "API keys",
    label: "API key errors",
    hint: "Create, rename or delete a key.",
    rules: [
      { route: "POST /api/fe/v3/api_keys", code: 400, example: "bad_request" },
      { route: "PATCH /api/fe/v3/api_keys/{apiKeyId}", code: 400, example: "invalid_request_fields" },
      { route: "DELETE /api/fe/v3/api_keys/{apiKeyId}", code: 404, example: "not_found" },
    ],
  },
  {
    id: "email-not-confirmed",
    group: "Everything",
    label: "Email not confirmed",
    hint: "Every call that needs a confirmed email answers email_not_confirmed.",
    rules: [
      "POST /api/fe/v3/security_status",
      "POST /api/fe/v3/update_metadata",
      "GET /api/fe/v3/org_settings",
      "GET /api/fe/v3/joinable_orgs",
      "GET /api/fe/v3/org_membership/{orgId}/members",
      "GET /api/fe/v3/org_membership/{orgId}/pending_invites",
      "GET /api/fe/v3/org_membership/{orgId}/expired_invites",
      "GET /api/fe/v3/personal_api_keys",
      "GET /api/fe/v3/org_api_keys",
      "POST /api/fe/v3/api_keys",
    ].map((route) => ({ route, code: 403, example: "email_not_confirmed" })),
  },
  {
    id: "server-error",
    group: "Everything",
    label: "Server error",
    hint: "Every front-end call answers 500 unexpected_error (the session itself stays up).",
    rules: [{ route: "* /api/fe/v3/*", code: 500, example: "unexpected_error" }],
  },
];

/** The scenario with this id, or undefined. */
export function findScenario(id: string | null): Scenario | undefined {
  return SCENARIOS.find((scenario) => scenario.id === id);
}

/** The `Prefer` header value of a rule. */
export function preferHeader(rule: ScenarioRule): string {
  return rule.example === undefined ? `code=${rule.code}` : `code=${rule.code}, example=${rule.example}`;
}

/** True when `route` ("METHOD /path/{param}", `*` wildcards) matches a request. */
export function routeMatches(route: string, method: string, pathname: string): boolean {
  const [routeMethod = "", routePath = ""] = route.split(" ");
  if (routeMethod !== "*" && routeMethod !== method.toUpperCase()) return false;
  const pattern = routePath
    .split(/(\{[^}]+\}|\*)/)
    .map((part) => (part === "*" ? ".*" : part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${pattern}$`).test(pathname);
}

/** The rule of `scenario` that applies to a request, if any. */
export function ruleFor(scenario: Scenario, method: string, pathname: string): ScenarioRule | undefined {
  return scenario.rules.find((rule) => routeMatches(rule.route, method, pathname));
}
