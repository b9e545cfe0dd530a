/** The role and permission checks a guard makes: plain data and a pure function, usable on a server too. */
import type { AuthInfoLoggedIn } from "./auth-hooks.js";

/** Access a guarded view needs, checked in `orgId` (default: the active org). */
export interface AccessRequirement {
  /** The org the checks run in; defaults to the active org. Without an org every check fails. */
  orgId?: string;
  /** The user's role must be exactly this one. */
  role?: string;
  /** The user must hold this role or one above it. */
  atLeastRole?: string;
  /** The user must hold every one of these permissions. */
  permissions?: readonly string[];
}

/** True when `auth` satisfies every check of `requirement`. */
export function meetsRequirement(
  auth: AuthInfoLoggedIn,
  requirement: AccessRequirement,
  activeOrgId: string | null,
): boolean {
  const { role, atLeastRole, permissions } = requirement;
  if (role === undefined && atLeastRole === undefined && permissions === undefined) return true;
  const orgId = requirement.orgId ?? activeOrgId;
  if (orgId === null) return false;
  const access = auth.accessHelper;
  return (
    (role === undefined || access.isRole(orgId, role)) &&
    (atLeastRole === undefined || access.isAtLeastRole(orgId, atLeastRole)) &&
    (permissions === undefined || access.hasAllPermissions(orgId, permissions))
  );
}
