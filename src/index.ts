/**
 * The framework-free core: the session client, the transport, one typed fetcher per front-end call and the error
 * classes. Nothing under this entry imports React.
 *
 * @module orgauth
 */
export { isOrgauthError, OrgauthError, type OrgauthErrorType } from "./shared/orgauth-error.js";
export * from "./session/index.js";
export * from "./transport/index.js";
export * from "./generated/operations.js";
export type { components, operations, paths } from "./generated/schema.js";
