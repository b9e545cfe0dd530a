/**
 * One check of the session for the active org, as the tabs share it: the refresh request scoped to the org
 * when a session is expected (a 401 may then only mean the user left the org, so the session itself is asked
 * about), unscoped when the visitor is probably logged out (one request, not two; a login found that way is
 * asked again for the org's token).
 */
import { refreshWithRetries, type SessionRequestContext } from "./session-requests.js";
import type { SharedResult } from "./tab-coordinator.js";

/** Asks the server about the session for `orgId`; `expectSession` picks which request goes first. */
export async function checkSession(
  ctx: SessionRequestContext,
  orgId: string | null,
  expectSession: boolean,
  knownOffsetMs: number,
): Promise<SharedResult> {
  const [env, , , emit] = ctx;
  const requestedAt = env.now();
  const scopedFirst = orgId !== null && expectSession;
  let [authInfo, skew] = await refreshWithRetries(ctx, scopedFirst ? orgId : null);
  if (!authInfo && scopedFirst) {
    [authInfo, skew] = await refreshWithRetries(ctx, null);
  } else if (!scopedFirst && orgId !== null && authInfo && Object.hasOwn(authInfo.orgIdToOrgMembership, orgId)) {
    const scoped = await refreshWithRetries(ctx, orgId);
    if (scoped[0]) [authInfo, skew] = scoped;
  }
  if (skew && skew.offsetMs !== knownOffsetMs) emit({ type: "clock_skew", ...skew });
  return { authInfo, offsetMs: skew?.offsetMs ?? knownOffsetMs, requestedAt, at: env.now() };
}
