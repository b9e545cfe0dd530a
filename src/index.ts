// Entry "orgauth": the framework-free core. Nothing under this entry imports React.
export { isOrgauthError, OrgauthError, type OrgauthErrorType } from "./shared/orgauth-error.js";
export * from "./session/index.js";
export * from "./transport/index.js";
export * from "./generated/operations.js";
export type { components, operations, paths } from "./generated/schema.js";
