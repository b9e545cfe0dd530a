/** The last-owner rule of the admin API: an org always keeps at least one member with the highest role (Owner). */
import type { EmulatorContext } from "../store/context.js";
import { invalidFields } from "../http/errors.js";
import { findMembership, membershipsOf, type Org, ownerCount } from "../store/orgs.js";

const lastOwner = (field: string, message: string) => invalidFields({ [field]: { code: "last_owner", message } });

/**
 * Refuses (400 invalid_request_fields, field code `last_owner`) to take the Owner role from an org's last Owner:
 * `nextRole` is the member's new role, or null when they leave the org.
 */
export async function assertKeepsOwner(
  ctx: EmulatorContext,
  org: Org,
  userId: string,
  nextRole: string | null,
): Promise<void> {
  const owner = (await ctx.settings()).roles[0]!.name;
  const membership = await findMembership(ctx, org.id, userId);
  if (membership?.role !== owner || nextRole === owner || (await ownerCount(ctx, org.id, owner)) > 1) return;
  throw lastOwner(
    nextRole === null ? "user_id" : "role",
    `${org.name} must keep at least one ${owner}: make another member ${owner} first`,
  );
}

/** Refuses to delete a user who is the last Owner of any org, naming those orgs. */
export async function assertOwnsNoOrgAlone(ctx: EmulatorContext, userId: string, email: string): Promise<void> {
  const owner = (await ctx.settings()).roles[0]!.name;
  const alone: string[] = [];
  for (const { org, membership } of await membershipsOf(ctx, userId)) {
    if (membership.role === owner && (await ownerCount(ctx, org.id, owner)) <= 1) alone.push(org.name);
  }
  if (alone.length > 0)
    throw lastOwner(
      "user_id",
      `${email} is the last ${owner} of ${alone.join(", ")}: make another member ${owner} or delete the org first`,
    );
}
