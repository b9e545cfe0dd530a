import type { EmulatorContext } from "./context.js";
import { inTransaction } from "../db/sql.js";
import { assertRoomFor } from "./member-limit.js";
import { findMembership, putMembership } from "./orgs.js";
import type { Person } from "./people.js";
import { recordMail } from "./outbox.js";
import { randomToken, sha256 } from "../tokens/secrets.js";

/** An invitation found by its token. */
export interface Invitation {
  orgId: string;
  email: string;
  role: string;
  additionalRoles: string[];
  expiresAt: Date;
}

/** The unexpired invitation a token belongs to, or null. */
export async function findInvitation(ctx: EmulatorContext, token: string): Promise<Invitation | null> {
  const { rows } = await ctx.db.query<{
    org_id: string;
    email: string;
    role: string;
    additional_roles: string[];
    expires_at: Date;
  }>("select * from emu_invitations where token_hash = $1 and expires_at > $2", [sha256(token), ctx.now()]);
  const r = rows[0];
  return r
    ? { orgId: r.org_id, email: r.email, role: r.role, additionalRoles: r.additional_roles, expiresAt: r.expires_at }
    : null;
}

/**
 * Turns an invitation into a membership of `person` (whose e-mail it was sent to) and removes it, in one transaction
 * holding the org's member limit (assertRoomFor): an org whose limit was lowered meanwhile refuses it.
 */
export async function acceptInvitation(ctx: EmulatorContext, invitation: Invitation, person: Person): Promise<void> {
  await inTransaction(ctx.db, async (db) => {
    const tx = { ...ctx, db };
    if (!(await findMembership(tx, invitation.orgId, person.id))) {
      await assertRoomFor(tx, invitation.orgId, invitation.email);
      await putMembership(tx, {
        orgId: invitation.orgId,
        userId: person.id,
        role: invitation.role,
        additionalRoles: invitation.additionalRoles,
      });
    }
    await db.query("delete from emu_invitations where org_id = $1 and lower(email) = lower($2)", [
      invitation.orgId,
      invitation.email,
    ]);
  });
}

/** How long an invitation stays open. */
const INVITATION_SECONDS = 7 * 24 * 3600;

/**
 * Invites `email` into `org` with a role (replacing a pending invitation to the same address) and sends the link
 * to the outbox: what the fe `invite_user` call and the admin API both do once their own checks have passed.
 */
export async function sendInvitation(
  ctx: EmulatorContext,
  org: { id: string; name: string },
  email: string,
  role: string,
  additionalRoles: readonly string[],
): Promise<void> {
  const token = randomToken();
  await ctx.db.query("delete from emu_invitations where org_id = $1 and lower(email) = lower($2)", [org.id, email]);
  await ctx.db.query(
    "insert into emu_invitations (org_id, email, role, additional_roles, token_hash, expires_at, created_at) values ($1, $2, $3, $4, $5, $6, $7)",
    [
      org.id,
      email,
      role,
      JSON.stringify(additionalRoles),
      sha256(token),
      new Date(ctx.now().getTime() + INVITATION_SECONDS * 1000),
      ctx.now(),
    ],
  );
  const link = new URL("/accept_invite", ctx.baseUrl);
  link.searchParams.set("token", token);
  await recordMail(ctx, email, "invitation", `You are invited to join ${org.name}`, link.toString());
}
