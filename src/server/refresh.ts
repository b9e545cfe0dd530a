/**
 * Refresh with one call in flight per refresh token (process-wide, across every `createServerAuth` of one auth
 * host), and a short memory of answers: parallel requests near expiry (prefetches, parallel fetches) that carry
 * the same refresh token share one call, and a request that arrives with a token this process has just rotated gets
 * the same new tokens instead of a "logged out" from the auth host.
 */
import { BackendCallError, type ServerBackend, type SessionTokens } from "./backend.js";

/** How long an answer is handed to requests that still carry the old refresh token, in milliseconds. */
const ROTATION_GRACE_MS = 30_000;
/** Most answers remembered at once (the oldest go first). */
const REMEMBERED_ANSWERS = 1000;

/** What a refresh came to. */
export type RefreshOutcome =
  | { kind: "refreshed"; tokens: SessionTokens }
  | { kind: "logged_out" }
  | { kind: "failed"; error: BackendCallError };

const inFlight = new Map<string, Promise<RefreshOutcome>>();
const answered = new Map<string, { outcome: RefreshOutcome; at: number }>();

/** Remembers a refreshed answer for the grace period, dropping expired and surplus ones. */
function remember(key: string, outcome: RefreshOutcome, now: number): void {
  for (const [oldKey, entry] of answered) {
    if (now - entry.at < ROTATION_GRACE_MS && answered.size < REMEMBERED_ANSWERS) break;
    answered.delete(oldKey);
  }
  answered.set(key, { outcome, at: now });
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
  const key = `${scope}\n${activeOrgId ?? ""}\n${refreshToken}`;
  const recent = answered.get(key);
  if (recent && Date.now() - recent.at < ROTATION_GRACE_MS) return Promise.resolve(recent.outcome);
  const running = inFlight.get(key);
  if (running) return running;
  const call = callRefresh(backend, refreshToken, activeOrgId)
    .then((outcome) => {
      if (outcome.kind === "refreshed") remember(key, outcome, Date.now());
      return outcome;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, call);
  return call;
}
