/**
 * The errors the guard entries throw or let through, re-exported by each. The guard entries are built apart from the
 * main entries but take these classes from the built `orgauth/server` entry (tsup.config.ts), so each is the server's
 * own class: `instanceof` holds whichever of the entries an app imports it from.
 */
export { isOrgauthError, OrgauthError, type OrgauthErrorType } from "../shared/orgauth-error.js";
export { ApiError, isApiError, RequestValidationError, ResponseValidationError } from "../transport/errors.js";
export { ServerConfigurationError } from "../transport/server-transport.js";
export { ApiKeyError, type ApiKeyFailure } from "./api-key.js";
export { AccessTokenError, type AccessTokenFailure } from "./errors.js";
