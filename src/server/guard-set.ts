/**
 * The guards every adapter offers, by the names of the provider's Express library (`requireUser`, `optionalUser`,
 * `requireOrgMember`, `requireOrgMemberWithMinimumRole`, `…WithExactRole`, `…WithPermission`,
 * `…WithAllPermissions`, with its argument names), each a `GuardRule` of the request handed to the adapter's handler.
 */
import type { GuardRule, OrgCheck } from "./guard.js";

/** Where every org guard finds its org, and whether API keys are accepted, unless a guard says otherwise. */
export interface GuardDefaults<Req> {
  /** Accept end-user API keys (personal or org) besides access tokens. Default false. */
  apiKeys?: boolean;
  /** The org id of a request; default: the adapter's (the `orgId` path parameter). */
  orgIdExtractor?: (request: Req) => string | undefined;
}

/** The options every org guard takes. */
export interface OrgGuardArgs<Req> {
  /** The org id of the request. Default: the `orgId` path parameter. */
  orgIdExtractor?: (request: Req) => string | undefined;
  /** Accept end-user API keys on this route (default: the guards' setting). */
  apiKeys?: boolean;
}

/** The guards of one adapter, each a handler `H` of its framework. */
export interface GuardSet<Req, H> {
  /** A person must call: an access token (or a personal API key where keys are accepted); else 401 / 403. */
  readonly requireUser: H;
  /** The caller when there is a valid credential, none otherwise (an outage is still a 503). */
  readonly optionalUser: H;
  /** The caller must be a member of the request's org. */
  requireOrgMember(args?: OrgGuardArgs<Req>): H;
  /** …with `minimumRequiredRole` or a role above it. */
  requireOrgMemberWithMinimumRole(args: OrgGuardArgs<Req> & { minimumRequiredRole: string }): H;
  /** …with exactly `role` (multi_role: assigned or additional). */
  requireOrgMemberWithExactRole(args: OrgGuardArgs<Req> & { role: string }): H;
  /** …with `permission`. */
  requireOrgMemberWithPermission(args: OrgGuardArgs<Req> & { permission: string }): H;
  /** …with every one of `permissions`. */
  requireOrgMemberWithAllPermissions(args: OrgGuardArgs<Req> & { permissions: readonly string[] }): H;
}

/** Builds the guard set from the adapter's handler of a rule and its default org id. */
export function guardSet<Req, H>(
  defaults: GuardDefaults<Req>,
  defaultOrgId: (request: Req) => string | undefined,
  handler: (ruleOf: (request: Req) => GuardRule) => H,
): GuardSet<Req, H> {
  const apiKeys = defaults.apiKeys === true;
  const orgGuard = (args: OrgGuardArgs<Req> | undefined, check?: OrgCheck): H => {
    const orgIdOf = args?.orgIdExtractor ?? defaults.orgIdExtractor ?? defaultOrgId;
    const keys = args?.apiKeys ?? apiKeys;
    return handler((request) => ({ apiKeys: keys, org: { orgId: orgIdOf(request), ...(check && { check }) } }));
  };
  const userRule: GuardRule = { apiKeys, person: true };
  const optionalRule: GuardRule = { apiKeys, optional: true };
  return {
    requireUser: handler(() => userRule),
    optionalUser: handler(() => optionalRule),
    requireOrgMember: (args) => orgGuard(args),
    requireOrgMemberWithMinimumRole: (args) => orgGuard(args, { minimumRole: args.minimumRequiredRole }),
    requireOrgMemberWithExactRole: (args) => orgGuard(args, { role: args.role }),
    requireOrgMemberWithPermission: (args) => orgGuard(args, { permission: args.permission }),
    requireOrgMemberWithAllPermissions: (args) => orgGuard(args, { permissions: [...args.permissions] }),
  };
}
