/** What a refresh of the session came to. */
import type { BackendCallError, SessionTokens } from "./backend.js";

/** What a refresh came to: new tokens, "logged out", or a call that failed (the auth host unreachable …). */
export type RefreshOutcome =
  | { kind: "refreshed"; tokens: SessionTokens }
  | { kind: "logged_out" }
  | { kind: "failed"; error: BackendCallError };
