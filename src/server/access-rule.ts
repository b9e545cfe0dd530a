/**
 * Who may reach a page, route or action: a signed-in user, optionally with a role (or one above it) or a permission
 * in an org — the one named, else the active org, else the user's first. Framework-free: `orgauth/nextjs` turns the
 * denial into a redirect, a `notFound()`/`forbidden()` or a 401/403 JSON answer.
 */
import type { ServerOrg, ServerUser } from "./server-user.js";

/** What a protected page, route handler or server action requires besides a signed-in user. */
export interface AccessRule {
  /** The user must hold this role, or one above it, in the org. */
  role?: string;
  /** The user must have this permission in the org. */
  permission?: string;
  /** The org checked. Default: the active org, else the user's first. */
  orgId?: string;
}

/** Why a request was refused: the JSON body of the 401 / 403 answer (`{ error_code, message }`). */
export interface AccessDenial {
  /** 401 without a user; 403 for a user who lacks the org, role or permission. */
  status: 401 | 403;
  error_code: "not_logged_in" | "user_not_in_org" | "action_forbidden";
  message: string;
}

/** The org a rule is checked in: the named one, else the active org, else the first. */
function ruleOrg(user: ServerUser, orgId: string | undefined): ServerOrg | undefined {
  if (orgId !== undefined) return user.getOrg(orgId);
  return user.getActiveOrg() ?? user.getOrgs()[0];
}

/** Undefined when `user` satisfies `rule`, else the denial (401 for no user, 403 for a lacking one). */
export function checkAccess(user: ServerUser | undefined, rule: AccessRule = {}): AccessDenial | undefined {
  if (!user) return { status: 401, error_code: "not_logged_in", message: "Sign in first." };
  if (rule.role === undefined && rule.permission === undefined && rule.orgId === undefined) return undefined;
  const org = ruleOrg(user, rule.orgId);
  if (!org) {
    const which = rule.orgId === undefined ? "any organisation" : `the organisation ${rule.orgId}`;
    return { status: 403, error_code: "user_not_in_org", message: `The user is not a member of ${which}.` };
  }
  if (rule.role !== undefined && !org.isAtLeastRole(rule.role)) {
    return {
      status: 403,
      error_code: "action_forbidden",
      message: `Requires the role ${rule.role} in ${org.orgName}.`,
    };
  }
  if (rule.permission !== undefined && !org.hasPermission(rule.permission)) {
    const message = `Requires the permission ${rule.permission} in ${org.orgName}.`;
    return { status: 403, error_code: "action_forbidden", message };
  }
  return undefined;
}

/** The denial as a JSON response (`Cache-Control: no-store`). */
export function denialResponse(denial: AccessDenial): Response {
  const body = { error_code: denial.error_code, message: denial.message };
  return Response.json(body, { status: denial.status, headers: { "Cache-Control": "no-store" } });
}
