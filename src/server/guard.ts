/**
 * The guards' one decision, framework-free: who is calling (`CallerAuth`), then what the route requires — a caller
 * or none, a person, a member of an org with a role, an exact role, a permission or all of them — answered as the
 * caller and their membership, or as the denial to send (`GuardDenial`: 401, 403, 429 or 503, never a 500 for a
 * client's mistake and never a 401 for an outage). The Express, Fastify and fetch-style adapters only read the
 * request's header and org id and write the answer.
 */
import type { AuthOrg } from "../session/auth-objects.js";
import { ApiError, NO_RESPONSE_STATUS } from "../transport/errors.js";
import { ApiKeyError } from "./api-key.js";
import type { Caller, CallerAuth } from "./caller.js";
import { AccessTokenError, isRetryableSessionError } from "./errors.js";

/** What a route requires of the caller's membership of its org (at most one of these). */
export type OrgCheck =
  | { readonly minimumRole: string }
  | { readonly role: string }
  | { readonly permission: string }
  | { readonly permissions: readonly string[] };

/** What a guard requires. */
export interface GuardRule {
  /** Let a request without a valid credential through with no caller (an outage is still a 503). */
  readonly optional?: boolean;
  /** Accept an end-user API key (personal or org) besides an access token. Default false. */
  readonly apiKeys?: boolean;
  /** Require a person (an access token or a personal key), not an org's key. */
  readonly person?: boolean;
  /** Require a membership of this org (the route's org id; undefined or empty: no org named, a 403). */
  readonly org?: { readonly orgId: string | undefined; readonly check?: OrgCheck };
}

/** Why a request was refused: the status and the JSON body (`{ error_code, message, reason? }`). */
export interface GuardDenial {
  readonly status: 401 | 403 | 429 | 503;
  readonly error_code:
    | "not_logged_in"
    | "invalid_credentials"
    | "user_not_in_org"
    | "action_forbidden"
    | "rate_limited"
    | "auth_unavailable";
  readonly message: string;
  /** The refused credential's `reason` (`expired`, `bad_signature`, `deleted` …), or the outage's. */
  readonly reason?: string;
  /** For a 429 or 503: how long to wait, in seconds (sent as `Retry-After`). */
  readonly retryAfterSeconds?: number;
}

/** A guard's answer: the caller (none for an optional guard without a credential) and the org's membership, or the denial. */
export type GuardOutcome =
  | { readonly ok: true; readonly caller: Caller | undefined; readonly org: AuthOrg | undefined }
  | { readonly ok: false; readonly denial: GuardDenial };

/** True when the org's membership passes the check. */
function passes(org: AuthOrg, check: OrgCheck | undefined): boolean {
  if (check === undefined) return true;
  if ("minimumRole" in check) return org.isAtLeastRole(check.minimumRole);
  if ("role" in check) return org.isRole(check.role);
  if ("permission" in check) return org.hasPermission(check.permission);
  return org.hasAllPermissions(check.permissions);
}

/** What a check requires, for the 403's message. */
function requirementOf(check: OrgCheck): string {
  if ("minimumRole" in check) return `the role ${check.minimumRole} or one above it`;
  if ("role" in check) return `the role ${check.role}`;
  if ("permission" in check) return `the permission ${check.permission}`;
  return `the permissions ${check.permissions.join(", ")}`;
}

/** An outage of the auth host (no answer, a 5xx, its own rate limit): a 503, not a verdict on the credential. */
function isOutage(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.status === NO_RESPONSE_STATUS || error.status >= 500 || error.code === "rate_limit_exceeded")
  );
}

const seconds = (ms: number | undefined) => (ms === undefined ? undefined : Math.max(1, Math.ceil(ms / 1000)));

/** The denial for a failed "who is calling", or undefined for a failure that is the server's own (rethrown). */
function denialOf(error: unknown): GuardDenial | undefined {
  if (error instanceof AccessTokenError || error instanceof ApiKeyError) {
    if (isRetryableSessionError(error)) {
      const message = "The auth host could not be reached to check the token; try again shortly.";
      return { status: 503, error_code: "auth_unavailable", message, reason: error.reason, retryAfterSeconds: 5 };
    }
    if (error instanceof ApiKeyError && error.reason === "rate_limited") {
      const retry = seconds(error.retryAfterMs);
      const message = "This API key was used too often; try again later.";
      return { status: 429, error_code: "rate_limited", message, ...(retry && { retryAfterSeconds: retry }) };
    }
    if (error.reason === "missing") return { status: 401, error_code: "not_logged_in", message: "Sign in first." };
    const message = `The credential was refused (${error.reason}).`;
    return { status: 401, error_code: "invalid_credentials", message, reason: error.reason };
  }
  if (isOutage(error)) {
    const retry = seconds(error.retryAfterMs) ?? 5;
    const message = "The auth host could not validate the API key; try again shortly.";
    return { status: 503, error_code: "auth_unavailable", message, reason: error.code, retryAfterSeconds: retry };
  }
  return undefined;
}

/** The membership denial of a caller for a rule's org, or their membership. */
function orgOutcome(caller: Caller, org: NonNullable<GuardRule["org"]>): GuardOutcome {
  const membership = org.orgId ? caller.membership(org.orgId) : undefined;
  if (!membership) {
    const message = org.orgId ? `Not a member of the organisation ${org.orgId}.` : "No organisation was named.";
    return { ok: false, denial: { status: 403, error_code: "user_not_in_org", message } };
  }
  if (!passes(membership, org.check)) {
    const message = `Requires ${requirementOf(org.check!)} in ${membership.orgName}.`;
    return { ok: false, denial: { status: 403, error_code: "action_forbidden", message } };
  }
  return { ok: true, caller, org: membership };
}

/**
 * Runs a guard on an `Authorization` header value: the caller and the org's membership, or the denial. Rejects only
 * with a failure that is the server's (a wrong integration API key, an answer that breaks the contract).
 */
export async function runGuard(callers: CallerAuth, header: unknown, rule: GuardRule): Promise<GuardOutcome> {
  let caller: Caller;
  try {
    caller = await callers.authenticate(header, { apiKeys: rule.apiKeys === true });
  } catch (error) {
    const denial = denialOf(error);
    if (!denial) throw error;
    if (rule.optional && denial.status === 401) return { ok: true, caller: undefined, org: undefined };
    return { ok: false, denial };
  }
  if (rule.person && caller.kind !== "user") {
    const message = "An organisation's API key cannot call this route: it needs a user.";
    return { ok: false, denial: { status: 403, error_code: "action_forbidden", message } };
  }
  return rule.org ? orgOutcome(caller, rule.org) : { ok: true, caller, org: undefined };
}

/** The denial as a JSON `Response` (`Cache-Control: no-store`, `Retry-After` for a 429 or 503). */
export function guardDenialResponse(denial: GuardDenial): Response {
  const { status, retryAfterSeconds, ...body } = denial;
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (retryAfterSeconds !== undefined) headers["Retry-After"] = String(retryAfterSeconds);
  return Response.json(body, { status, headers });
}
