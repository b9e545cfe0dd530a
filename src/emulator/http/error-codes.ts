/**
 * The error codes the emulator answers with: the contract's (generated from it, `npm run generate`) and the few only
 * the emulator's own edge uses. A code in neither list is a compile error where a reply is made.
 */
import type { ContractErrorCode } from "./error-codes.generated.js";

/**
 * Emulator-only codes, not in the contract: refusals of the emulator's local defences (host, origin, admin secret,
 * cross-site forms) and of its request limits, which the hosted provider has no documented answer for; a backend
 * call whose `X-Propelauth-url` names a host the emulator does not serve (the provider routes on it); and a backend
 * call of the provider's library that the emulator does not implement (501, outside the contract).
 */
export type EmulatorOnlyErrorCode =
  | "host_not_allowed"
  | "origin_not_allowed"
  | "admin_secret_required"
  | "cross_site_form"
  | "json_required"
  | "request_too_large"
  | "invalid_character"
  | "auth_url_not_served"
  | "not_implemented";

/** Every error code an emulator reply may carry. */
export type EmulatorErrorCode = ContractErrorCode | EmulatorOnlyErrorCode;
