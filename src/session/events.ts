/**
 * Structured observability events (`onEvent`). They carry reasons, statuses and timings, never a token
 * or any auth-info field; the user agent is capped at 350 characters.
 */
import type { ClockSkewSource } from "./clock-skew.js";
import type { AuthEnvironment } from "./environment.js";

/** Why a refresh was started. */
export type RefreshReason =
  | "initial"
  | "expiring"
  | "focus"
  | "online"
  | "visible"
  | "storage"
  | "forced"
  | "active_org_changed";

/** Everything `onEvent` can receive (without the common fields). */
export type AuthEventBody =
  | { type: "refresh_started"; reason: RefreshReason }
  | { type: "refresh_succeeded"; reason: RefreshReason; loggedIn: boolean; durationMs: number }
  | { type: "refresh_retry"; attempt: number; delayMs: number; status: number }
  | { type: "refresh_failed"; reason: RefreshReason; status: number; message: string; keptSession: boolean }
  | { type: "adopted_from_other_tab"; loggedIn: boolean }
  | { type: "logged_out"; cause: "logout" | "session_ended" | "other_tab" | "token_expired" }
  | { type: "validation_failed"; operation: "refresh_token" | "logout"; issues: ValidationIssue[] }
  | { type: "clock_skew"; offsetMs: number; source: ClockSkewSource }
  | { type: "listener_failed"; message: string };

/** A schema problem, described by path and message only (never the offending value). */
export interface ValidationIssue {
  path: string;
  message: string;
}

/** One event as delivered to `onEvent`. */
export type AuthEvent = AuthEventBody & { at: number; userAgent: string | null };

/** The cap on the reported user agent's length. */
const MAX_USER_AGENT_LENGTH = 350;

/** A function that stamps and delivers events; it never throws, whatever the callback does. */
export type EventEmitter = (event: AuthEventBody) => void;

/** Builds the emitter for `onEvent` (a no-op without a callback). */
export function createEventEmitter(
  onEvent: ((event: AuthEvent) => void) | undefined,
  env: Pick<AuthEnvironment, "now" | "userAgent">,
): EventEmitter {
  return (body) => {
    try {
      // without a callback nothing is built (an optional call evaluates no argument)
      onEvent?.({ ...body, at: env.now(), userAgent: env.userAgent()?.slice(0, MAX_USER_AGENT_LENGTH) ?? null });
    } catch {
      // An observability callback must never break the session engine.
    }
  };
}
