/**
 * The errors the guard entries throw or let through, re-exported by each: the guard entries are built apart from the
 * main entries (tsup.config.ts), so a class must be imported from the entry whose guards threw it (or told apart by
 * its `type`, which every entry's classes share).
 */
export { isOrgauthError, OrgauthError, type OrgauthErrorType } from "../shared/orgauth-error.js";
export { ApiError, isApiError, RequestValidationError, ResponseValidationError } from "../transport/errors.js";
export { ServerConfigurationError } from "../transport/server-transport.js";
export { ApiKeyError, type ApiKeyFailure } from "./api-key.js";
export { AccessTokenError, type AccessTokenFailure } from "./errors.js";
