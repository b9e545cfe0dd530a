/** The guard core's types every adapter entry re-exports, so an app names them from the entry it imports. */
export type { AuthOrg, OrgAccess } from "../session/auth-objects.js";
export type { ApiKeyOrg } from "./api-key.js";
export type { BackendUser } from "./backend-user.js";
export type { AuthenticateOptions, Caller, CallerAuth, CallerAuthOptions, OrgCaller, UserCaller } from "./caller.js";
export type { GuardDenial, GuardOutcome, GuardRule, OrgCheck } from "./guard.js";
export type { GuardDefaults, GuardSet, OrgGuardArgs } from "./guard-set.js";
export type { RequestAuth } from "./request-auth.js";
export type { ServerOrg, ServerUser } from "./server-user.js";
