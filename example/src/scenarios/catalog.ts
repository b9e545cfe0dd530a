/**
 * The scenarios of the demo's toolbar. A scenario makes Prism answer chosen calls with a documented example
 * of the contract, via the `Prefer: code=…, example=…` header (see scenario-fetch.ts). Pure data keyed by
 * operation id: a unit test (test/unit/demo/scenarios.test.ts) checks every rule against openapi/auth-api.yaml.
 */
import type { OperationId } from "orgauth";

/** Stands for every fe/v3 operation in a rule. */
export const EVERY_FRONTEND_CALL = "every fe/v3 call";

/** One operation (or every fe/v3 one) answered with one documented example. */
export interface ScenarioRule {
  operation: OperationId | typeof EVERY_FRONTEND_CALL;
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

const ORG_OPERATIONS: readonly OperationId[] = [
  "getOrgSettings",
  "updateOrgMetadata",
  "deleteOrg",
  "inviteUser",
  "removeUser",
  "changeRole",
  "revokeUserInvitation",
  "listOrgApiKeys",
];

/** The same answer for each of `operations`. */
const answerEach = (operations: readonly OperationId[], code: number, example: string): ScenarioRule[] =>
  operations.map((operation) => ({ operation, code, example }));

const step = (name: string, hint: string): Scenario => ({
  id: `step-${name}`,
  group: "Sign-in",
  label: `Login step: ${name}`,
  hint,
  rules: [{ operation: "login", code: 200, example: name }],
});

/** Every scenario, in toolbar order. */
export const SCENARIOS: readonly Scenario[] = [
  {
    id: "logged-out",
    group: "Session",
    label: "Logged out",
    hint: "The session answers 401: protected pages send you to the sign-in page.",
    rules: [
      { operation: "refreshToken", code: 401, example: "not_logged_in" },
      { operation: "getLoginState", code: 200, example: "LoginRequired" },
    ],
  },
  {
    id: "impersonated",
    group: "Session",
    label: "Impersonated by support",
    hint: "The header shows who is impersonating you.",
    rules: [{ operation: "refreshToken", code: 200, example: "impersonated" }],
  },
  {
    id: "owner",
    group: "Session",
    label: "Owner of Acme",
    hint: "Organisations offers deleting Acme and inviting owners.",
    rules: [{ operation: "refreshToken", code: 200, example: "owner" }],
  },
  {
    id: "no-orgs",
    group: "Session",
    label: "New user in no organisation",
    hint: "Organisations shows the joinable organisations and the create form.",
    rules: [{ operation: "refreshToken", code: 200, example: "no_orgs" }],
  },
  {
    id: "wrong-password",
    group: "Sign-in",
    label: "Incorrect email or password",
    hint: "Sign in with a password.",
    rules: [{ operation: "login", code: 404, example: "user_not_found" }],
  },
  {
    id: "invalid-fields",
    group: "Sign-in",
    label: "Invalid fields",
    hint: "Sign in, sign up or reset a password: the per-field messages appear.",
    rules: [
      { operation: "login", code: 400, example: "invalid_request_fields" },
      { operation: "signup", code: 400, example: "invalid_request_fields" },
      { operation: "forgotPassword", code: 400, example: "invalid_request_fields" },
      { operation: "loginPasswordless", code: 400, example: "invalid_request_fields" },
    ],
  },
  {
    id: "account-locked",
    group: "Sign-in",
    label: "Account locked",
    hint: "Sign in with a password or a magic link.",
    rules: [
      { operation: "login", code: 403, example: "account_locked" },
      { operation: "loginPasswordless", code: 403, example: "account_locked" },
    ],
  },
  {
    id: "sign-up-disabled",
    group: "Sign-in",
    label: "Sign-up turned off, passwordless off",
    hint: "Try the sign-up and magic-link forms.",
    rules: [
      { operation: "signup", code: 403, example: "action_disabled" },
      { operation: "loginPasswordless", code: 404, example: "not_found" },
    ],
  },
  step("TwoFactorRequired", "Sign in: the MFA code step follows (any 6 digits, or a backup code)."),
  {
    id: "mfa-wrong-code",
    group: "Sign-in",
    label: "MFA required, wrong codes",
    hint: "Sign in, then enter a code or a backup code.",
    rules: [
      { operation: "login", code: 200, example: "TwoFactorRequired" },
      { operation: "verifyMfa", code: 400, example: "invalid_request_fields" },
      { operation: "verifyBackupCode", code: 400, example: "incorrect_mfa_code" },
    ],
  },
  {
    id: "mfa-locked",
    group: "Sign-in",
    label: "MFA required, then locked",
    hint: "Sign in, then enter a code.",
    rules: [
      { operation: "login", code: 200, example: "TwoFactorRequired" },
      { operation: "verifyMfa", code: 403, example: "account_mfa_locked" },
    ],
  },
  step("ConfirmEmailRequired", "Sign in: confirm-email step (resending the email stands in for clicking its link)."),
  {
    id: "confirm-email-rate-limited",
    group: "Sign-in",
    label: "Confirm email, rate limited",
    hint: "Sign in, then resend the confirmation email.",
    rules: [
      { operation: "login", code: 200, example: "ConfirmEmailRequired" },
      { operation: "resendEmailConfirmation", code: 429, example: "rate_limit_exceeded" },
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
    rules: [{ operation: "loginCheck", code: 404, example: "org_not_found" }],
  },
  {
    id: "account-errors",
    group: "Account",
    label: "Incorrect password",
    hint: "Change your password or email.",
    rules: [
      { operation: "updatePassword", code: 400, example: "incorrect_password" },
      { operation: "updateEmail", code: 400, example: "incorrect_password" },
    ],
  },
  {
    id: "account-rate-limited",
    group: "Account",
    label: "Email changes rate limited, deletion off",
    hint: "Change your email, or delete your account.",
    rules: [
      { operation: "updateEmail", code: 429, example: "confirmation_email_sent" },
      { operation: "deleteMe", code: 403, example: "action_disabled" },
      { operation: "updateMetadata", code: 400, example: "invalid_request_fields" },
    ],
  },
  {
    id: "mfa-enabled",
    group: "Account",
    label: "MFA already on",
    hint: "Account shows the backup codes and the disable button.",
    rules: [{ operation: "getSecurityStatus", code: 200, example: "Enabled" }],
  },
  {
    id: "forbidden",
    group: "Organisations",
    label: "Forbidden",
    hint: "Every organisation action answers action_forbidden.",
    rules: answerEach(ORG_OPERATIONS, 403, "action_forbidden"),
  },
  {
    id: "org-not-found",
    group: "Organisations",
    label: "Organisation not found",
    hint: "Every organisation call answers org_not_found.",
    rules: answerEach(
      [
        ...ORG_OPERATIONS.filter((operation) => operation !== "changeRole"),
        "listOrgMembers",
        "listPendingInvites",
        "listExpiredInvites",
        "joinOrg",
      ],
      404,
      "org_not_found",
    ),
  },
  {
    id: "member-view",
    group: "Organisations",
    label: "Settings seen by a member",
    hint: "The settings form is read-only.",
    rules: [{ operation: "getOrgSettings", code: 200, example: "member_view" }],
  },
  {
    id: "org-limits",
    group: "Organisations",
    label: "Organisation full, limits reached",
    hint: "Invite someone, join or create an organisation.",
    rules: [
      { operation: "inviteUser", code: 409, example: "org_max_users_limit_exceeded" },
      { operation: "joinOrg", code: 409, example: "org_max_users_limit_exceeded" },
      { operation: "createOrg", code: 409, example: "user_max_orgs_limit_exceeded" },
    ],
  },
  {
    id: "empty-lists",
    group: "Organisations",
    label: "Empty lists",
    hint: "Members, invites, joinable organisations and API keys are empty.",
    rules: [
      { operation: "listOrgMembers", code: 200, example: "empty" },
      { operation: "listPendingInvites", code: 200, example: "empty" },
      { operation: "listExpiredInvites", code: 200, example: "empty" },
      { operation: "getJoinableOrgs", code: 200, example: "empty" },
      { operation: "listPersonalApiKeys", code: 200, example: "empty" },
      { operation: "listOrgApiKeys", code: 200, example: "empty" },
    ],
  },
  {
    id: "api-key-errors",
    group: "API keys",
    label: "API key errors",
    hint: "Create, rename or delete a key.",
    rules: [
      { operation: "createApiKey", code: 400, example: "bad_request" },
      { operation: "updateApiKey", code: 400, example: "invalid_request_fields" },
      { operation: "deleteApiKey", code: 404, example: "not_found" },
    ],
  },
  {
    id: "email-not-confirmed",
    group: "Everything",
    label: "Email not confirmed",
    hint: "Every call that needs a confirmed email answers email_not_confirmed.",
    rules: answerEach(
      [
        "getSecurityStatus",
        "updateMetadata",
        "getOrgSettings",
        "getJoinableOrgs",
        "listOrgMembers",
        "listPendingInvites",
        "listExpiredInvites",
        "listPersonalApiKeys",
        "listOrgApiKeys",
        "createApiKey",
      ],
      403,
      "email_not_confirmed",
    ),
  },
  {
    id: "server-error",
    group: "Everything",
    label: "Server error",
    hint: "Every front-end call answers 500 unexpected_error (the session itself stays up).",
    rules: [{ operation: EVERY_FRONTEND_CALL, code: 500, example: "unexpected_error" }],
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

/** The rule of `scenario` for a call of `operation` (its id and path), if any. */
export function ruleFor(
  scenario: Scenario,
  operation: { operationId: OperationId; path: string },
): ScenarioRule | undefined {
  return scenario.rules.find(
    (rule) =>
      rule.operation === operation.operationId ||
      (rule.operation === EVERY_FRONTEND_CALL && operation.path.startsWith("/api/fe/v3/")),
  );
}
