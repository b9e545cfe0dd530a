/**
 * Refresh with one call in flight per refresh token (process-wide, across every `createServerAuth` of one auth
 * host and every copy of this module, see process-state.ts), and a short memory of answers: parallel requests near
 * expiry (prefetches, parallel fetches) that carry the same refresh token share one call, and a request that
 * arrives with a token this process has just rotated gets the same new tokens instead of a "logged out" from the
 * auth host. An answer is remembered only as long as requests sent before its cookies reached the browser need it
 * (a few seconds), and never past its access token's expiry: a logout on another instance, which this one cannot
 * see, leaves that short window at most. A logout here or a "logged out" answer forgets every answer of the session.
 */
import { decodeJwt } from "jose";
import { BackendCallError, type ServerBackend } from "./backend.js";
import { processState } from "./process-state.js";
import type { RefreshOutcome } from "./refresh-outcome.js";

/**
 * How long an answer is handed to requests that still carry the refresh token it replaced, in milliseconds: the
 * requests a browser sent before the new cookies arrived (in flight at the same moment, or a response's headers late).
 */
const ANSWER_KEPT_MS = 10_000;
/** Most answers remembered at once (the oldest go first). */
const REMEMBERED_ANSWERS = 1000;

/** Until when (`Date.now()` milliseconds) an answer given at `now` may be handed out: the window, or its token's expiry. */
function usableUntil(outcome: RefreshOutcome, now: number): number {
  if (outcome.kind !== "refreshed") return now;
  let expiresAtMs = Number.POSITIVE_INFINITY;
  try {
    const { exp } = decodeJwt(outcome.tokens.accessToken);
    if (typeof exp === "number") expiresAtMs = exp * 1000;
  } catch {
    // not a JWT: the verification after the refresh refuses it; nothing to hand out
    expiresAtMs = now;
  }
  return Math.min(now + ANSWER_KEPT_MS, expiresAtMs);
}

/** Remembers a refreshed answer while it may be handed out, dropping outdated and surplus ones. */
function remember(key: string, scope: string, refreshToken: string, outcome: RefreshOutcome, now: number): void {
  const { answered } = processState();
  for (const [oldKey, entry] of answered) {
    if (now < entry.until && answered.size < REMEMBERED_ANSWERS) break;
    answered.delete(oldKey);
  }
  answered.set(key, { scope, refreshToken, outcome, until: usableUntil(outcome, now) });
}

/**
 * Forgets every remembered answer of the session `refreshToken` belongs to: the answer that traded it, the one that
 * issued it, and so on along the rotations both ways, so no request gets that session back from memory.
 */
export function forgetSession(scope: string, refreshToken: string): void {
  const { answered } = processState();
  const ended = new Set([refreshToken]);
  let found = true;
  while (found) {
    found = false;
    for (const [key, entry] of answered) {
      const issued = entry.outcome.kind === "refreshed" ? entry.outcome.tokens.refreshToken : undefined;
      if (entry.scope !== scope || !(ended.has(entry.refreshToken) || (issued && ended.has(issued)))) continue;
      answered.delete(key);
      ended.add(entry.refreshToken);
      if (issued) ended.add(issued);
      found = true;
    }
  }
}

/** One refresh call, its failure turned into an outcome. */
async function callRefresh(
  backend: ServerBackend,
  refreshToken: string,
  activeOrgId: string | undefined,
): Promise<RefreshOutcome> {
  try {
    return { kind: "refreshed", tokens: await backend.refresh(refreshToken, activeOrgId) };
  } catch (error) {
    if (!(error instanceof BackendCallError)) throw error;
    return error.kind === "logged_out" || error.kind === "bad_request"
      ? { kind: "logged_out" }
      : { kind: "failed", error };
  }
}

/**
 * Refreshes `refreshToken` (for `activeOrgId` when given) unless a call for it is in flight (then shares it) or
 * was answered a moment ago with a token still valid (then hands out that answer). `scope` keeps auth hosts apart.
 */
export function refreshOnce(
  backend: ServerBackend,
  scope: string,
  refreshToken: string,
  activeOrgId: string | undefined,
): Promise<RefreshOutcome> {
  const { inFlight, answered } = processState();
  const key = `${scope}\n${activeOrgId ?? ""}\n${refreshToken}`;
  const recent = answered.get(key);
  if (recent && Date.now() < recent.until) return Promise.resolve(recent.outcome);
  const running = inFlight.get(key);
  if (running) return running;
  const call = callRefresh(backend, refreshToken, activeOrgId)
    .then((outcome) => {
      if (outcome.kind === "refreshed") remember(key, scope, refreshToken, outcome, Date.now());
      // a refusal with an org may only mean the user left it; without one, the session is over
      if (outcome.kind === "logged_out" && activeOrgId === undefined) forgetSession(scope, refreshToken);
      return outcome;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, call);
  return call;
}
