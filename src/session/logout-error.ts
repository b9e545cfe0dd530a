/** The typed error of the logout call (in the engine's chunk: the first load never logs out). */
import { OrgauthError } from "../shared/orgauth-error.js";

/** A logout request that failed; carries the HTTP status and status text. */
export class LogoutError extends OrgauthError {
  override readonly name = "LogoutError";
  readonly type = "logout";
  /** HTTP status; `NO_RESPONSE_STATUS` (0) when no response arrived. */
  declare readonly status: number;
  declare readonly statusText: string;

  constructor(status: number, statusText: string, options?: { cause?: unknown }) {
    super(`Logout failed: ${status} ${statusText}`.trim(), options);
    this.status = status;
    this.statusText = statusText;
  }
}
