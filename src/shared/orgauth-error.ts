/**
 * The one base of every error orgauth throws to its callers. `type` names which error it is, so one `catch` can
 * tell them apart without importing each class; each subclass keeps its own fields (`ApiError.code`,
 * `RefreshError.kind`, `AdapterError.code` …). The discriminant is `type`, not `kind`: `RefreshError.kind` and
 * `ExchangeFailure.kind` already mean the failure's cause, and callers read them.
 */

/** Which orgauth error it is: one value per public error class. */
export type OrgauthErrorType =
  /** `ApiError`: a call answered with a documented error code, or failed with `unexpected_error`. */
  | "api"
  /** `ResponseValidationError`: an answer that does not match the contract. */
  | "response_validation"
  /** `RequestValidationError`: arguments that do not match the contract; nothing was sent. */
  | "request_validation"
  /** `ExchangeFailure`: no readable answer (network, timeout, refused redirect). */
  | "exchange"
  /** `RefreshError`: a session refresh that failed for a reason other than "logged out". */
  | "refresh"
  /** `LogoutError`: a logout request that failed. */
  | "logout"
  /** `UnsafeNavigationError`: a navigation target that was refused. */
  | "unsafe_navigation"
  /** `ReturnToError`: a relative `returnTo` with no current page to resolve it against. */
  | "return_to"
  /** `BrowserOnlyError`: something that needs a browser was asked for on a server. */
  | "browser_only"
  /** `AuthClientDestroyedError`: the client was used after `destroy()`. */
  | "client_destroyed"
  /** `AdapterError`: the identity store failed (its `code` says how). */
  | "adapter"
  /** `AccessTokenError`: an access token that does not verify on the server (its `reason` says why). */
  | "access_token"
  /** `ApiKeyError`: an end-user API key the app's server refused (its `reason` says why). */
  | "api_key"
  /** `ServerConfigurationError`: a server-side option (the integration API key) is missing or unusable. */
  | "server_configuration"
  /** `SeedError`: a seed the emulator refuses (its `problems` say where and why). */
  | "seed"
  /** `EmulatorStartError`: the emulator could not start (its `reason` says which option or resource). */
  | "emulator_start"
  /** `BrowserSignInError`: `signInBrowser` (orgauth/testing) could not sign the user in (its `status` says why). */
  | "browser_sign_in"
  /** `StaticClientRequestError`: a call through the static auth client, which makes no request (orgauth/testing). */
  | "static_client_request";

/** The base class of every public orgauth error; catch it to handle "any orgauth error". */
export abstract class OrgauthError extends Error {
  /** Which orgauth error this is. */
  abstract readonly type: OrgauthErrorType;
}

/** True when `error` is one of orgauth's errors (any subclass of `OrgauthError`). */
export function isOrgauthError(error: unknown): error is OrgauthError {
  return error instanceof OrgauthError;
}
