/**
 * Which org is active: the app's selection (persisted across reloads) while the user is still a member of it,
 * else the first membership, else none. An app may replace that rule with its own `chooseActiveOrg`.
 */
import type { AuthInfo, AuthSnapshot, OrgMembership, SessionState } from "./types.js";

/**
 * Picks the active org from the user's memberships (in the order the server sent them) and the app's last
 * selection (null when none, or when it was cleared). Answering with an org the user is not in means none.
 */
export type ActiveOrgChooser = (orgs: readonly OrgMembership[], selectedOrgId: string | null) => string | null;

/** The default rule: the selection while the user is a member of it, else the first membership, else none. */
export const chooseSelectedOrFirstOrg: ActiveOrgChooser = (orgs, selectedOrgId) => {
  const selected = orgs.find((org) => org.orgId === selectedOrgId);
  return (selected ?? orgs[0])?.orgId ?? null;
};

/**
 * The active org id for a session: the chooser's answer when it is one of the user's orgs, else null. Before
 * the session is known (and when logged out) there are no memberships to check, so the selection stands.
 */
export function resolveActiveOrgId(
  authInfo: AuthInfo | null,
  selectedOrgId: string | null,
  choose: ActiveOrgChooser = chooseSelectedOrFirstOrg,
): string | null {
  if (!authInfo) return selectedOrgId;
  const orgs = Object.values(authInfo.orgIdToOrgMembership);
  const chosen = choose(orgs, selectedOrgId);
  return chosen !== null && Object.hasOwn(authInfo.orgIdToOrgMembership, chosen) ? chosen : null;
}

/**
 * Turns session states into the client's snapshots: a logged-in one carries the resolved active org. Each
 * snapshot stays the same object until the session state or the active org changes (as `useSyncExternalStore`
 * needs).
 * @internal The client and the testing kit's static client share it; not part of the public surface.
 */
export function createSnapshotDeriver(
  choose?: ActiveOrgChooser,
): (state: SessionState, selectedOrgId: string | null) => AuthSnapshot {
  // the last snapshot and what it was made of: locals, whose names minify (a record's property names do not)
  let lastState: SessionState | undefined;
  let lastOrgId: string | null = null;
  let lastSnapshot: AuthSnapshot | undefined;
  return (state, selectedOrgId) => {
    if (state.status !== "logged_in") return state;
    const activeOrgId = resolveActiveOrgId(state.authInfo, selectedOrgId, choose);
    if (lastState !== state || lastOrgId !== activeOrgId) {
      lastState = state;
      lastOrgId = activeOrgId;
      lastSnapshot = Object.freeze({ ...state, activeOrgId });
    }
    return lastSnapshot as AuthSnapshot;
  };
}
