import type { EmulatorContext } from "./context.js";
import { inTransaction } from "../db/sql.js";
import { ProviderError } from "../http/errors.js";
import { findMembership, type Membership, putMembership } from "./orgs.js";

/** The answer when an org already holds `max_users` people (members plus pending invitations). */
const orgFull = (): ProviderError =>
  new ProviderError(409, "org_max_users_limit_exceeded", "This organization has reached its maximum number of users");

/**
 * Within a transaction: takes the org's row lock and checks there is room for one more person, `email` — members
 * plus unexpired invitations to other addresses (an invitation to `email` becomes the new member) below the org's
 * `max_users`. Every path that adds someone holds this lock until it commits, so requests at once, also from several
 * emulators on one database, take turns and the limit holds. Throws org_max_users_limit_exceeded when full.
 */
export async function assertRoomFor(tx: EmulatorContext, orgId: string, email: string): Promise<void> {
  const { rows } = await tx.db.query<{ max_users: number | null }>(
    "select max_users from emu_orgs where id = $1 for update",
    [orgId],
  );
  const max = rows[0]?.max_users ?? null;
  if (max === null) return;
  const { rows: counts } = await tx.db.query<{ n: number }>(
    `select (select count(*)::int from emu_memberships where org_id = $1)
          + (select count(*)::int from emu_invitations where org_id = $1 and expires_at > $2 and lower(email) <> lower($3)) as n`,
    [orgId, tx.now(), email],
  );
  if ((counts[0]?.n ?? 0) >= max) throw orgFull();
}

/** Runs `work` in one transaction after assertRoomFor: adding `email` to the org cannot overfill it. */
export function withinMemberLimit<T>(
  ctx: EmulatorContext,
  orgId: string,
  email: string,
  work: (tx: EmulatorContext) => Promise<T>,
): Promise<T> {
  return inTransaction(ctx.db, async (db) => {
    const tx = { ...ctx, db };
    await assertRoomFor(tx, orgId, email);
    return work(tx);
  });
}

/**
 * Adds `membership` (or replaces its roles when the person already belongs) in one transaction: a new member only
 * while there is room (assertRoomFor, `email` being the person's). Returns whether the person is new to the org.
 */
export function addMember(ctx: EmulatorContext, membership: Membership, email: string): Promise<boolean> {
  return inTransaction(ctx.db, async (db) => {
    const tx = { ...ctx, db };
    const existing = await findMembership(tx, membership.orgId, membership.userId);
    if (!existing) await assertRoomFor(tx, membership.orgId, email);
    await putMembership(tx, membership);
    return !existing;
  });
}
