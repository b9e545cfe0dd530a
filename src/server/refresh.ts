/**
 * Refresh with one call in flight per refresh token (process-wide, across every `createServerAuth` of one auth
 * host and every copy of this module, see process-state.ts), and a short memory of answers: parallel requests near
 * expiry (prefetches, parallel fetches) that carry the same refresh token share one call, and a request that
 * arrives with a token this process has just rotated gets the same new tokens instead of a "logged out" from the
 * auth host. A logout or a "logged out" answer forgets every answer of that session.
 */
import { BackendCallError, type ServerBackend } from "./backend.js";
import { processState } from "./process-state.js";
import type { RefreshOutcome } from "./refresh-outcome.js";

/** How long an answer is handed to requests that still carry the old refresh token, in milliseconds. */
const ROTATION_GRACE_MS = 30_000;
/** Most answers remembered at once (the oldest go first). */
const REMEMBERED_ANSWERS = 1000;

/** Remembers a refreshed answer for the grace period, dropping expired and surplus ones. */
function remember(key: string, scope: string, refreshToken: string, outcome: RefreshOutcome, now: number): void {
  const { answered } = processState();
  for (const [oldKey, entry] of answered) {
    if (now - entry.at < ROTATION_GRACE_MS && answered.size < REMEMBERED_ANSWERS) break;
    answered.delete(oldKey);
  }
  answered.set(key, { scope, refreshToken, outcome, at: now });
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
 * was answered within the grace period (then hands out that answer). `scope` keeps auth hosts apart.
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
  if (recent && Date.now() - recent.at < ROTATION_GRACE_MS) return Promise.resolve(recent.outcome);
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
