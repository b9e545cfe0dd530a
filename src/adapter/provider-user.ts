/**
 * The provider tie-in: a user the hosted provider vouches for (its refresh response, or the user claims of an
 * access token) becomes a user here with an account of provider "orgauth". Org memberships and roles are not
 * copied: they stay live at the provider.
 */
import { randomUUID } from "node:crypto";
import type { AdapterAccount, AdapterUser } from "@auth/core/adapters";
import * as z from "zod";
import { AdapterError } from "./errors.js";
import type { OrgauthAdapter } from "./types.js";
import { parseInput } from "./validate.js";

/** The provider name of accounts recorded from the hosted provider. */
export const PROVIDER_ID = "orgauth";

const providerUser = z.object({
  user_id: z.string().min(1),
  email: z.string().min(1),
  email_confirmed: z.boolean().optional(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  username: z.string().nullish(),
  picture_url: z.string().nullish(),
});

/** A refresh response (`{ user: {...} }`) or the provider's user fields themselves (e.g. an access token's claims). */
export type ProviderUserPayload = z.input<typeof providerUser> | { user: z.input<typeof providerUser> };

/** What `recordProviderUser` did: the local user, its "orgauth" account, and whether either was new. */
export interface ProviderUserRecord {
  user: AdapterUser;
  account: AdapterAccount;
  /** A new local user was created. */
  createdUser: boolean;
  /** The "orgauth" account was linked by this call (to a new user, or to an existing user with the confirmed e-mail). */
  linkedAccount: boolean;
}

function displayName(user: z.output<typeof providerUser>): string | null {
  const full = [user.first_name, user.last_name]
    .filter((part) => typeof part === "string" && part.length > 0)
    .join(" ");
  return full.length > 0 ? full : (user.username ?? null);
}

/**
 * Records a provider user: updates the user already linked to it; else links it to the user with the same e-mail
 * only when the provider says the e-mail is confirmed (an unconfirmed match throws `email_not_confirmed`); else
 * creates the user and the account. Concurrent calls for one provider user end with one local user.
 */
export async function recordProviderUser(
  adapter: OrgauthAdapter,
  payload: ProviderUserPayload,
  options: { now?: () => Date } = {},
): Promise<ProviderUserRecord> {
  const wire = parseInput(
    providerUser,
    typeof payload === "object" && payload !== null && "user" in payload ? payload.user : payload,
    "recordProviderUser",
  );
  const now = options.now ?? (() => new Date());
  const confirmed = wire.email_confirmed === true;
  const key = { provider: PROVIDER_ID, providerAccountId: wire.user_id };
  const account = { ...key, type: "oauth" } as const;
  const profile = { name: displayName(wire), image: wire.picture_url ?? null, email: wire.email };

  for (let attempt = 0; ; attempt++) {
    try {
      const linked = await adapter.getUserByAccount(key);
      if (linked !== null) {
        const sameEmail = linked.email?.toLowerCase() === wire.email.toLowerCase();
        const emailVerified = confirmed
          ? sameEmail && linked.emailVerified !== null
            ? linked.emailVerified
            : now()
          : null;
        const user = await adapter.updateUser({ id: linked.id, ...profile, emailVerified });
        return { user, account: { ...account, userId: user.id }, createdUser: false, linkedAccount: false };
      }
      const byEmail = await adapter.getUserByEmail(wire.email);
      if (byEmail !== null) {
        if (!confirmed)
          throw new AdapterError(
            "email_not_confirmed",
            `recordProviderUser: another user has the e-mail ${wire.email}, and the provider has not confirmed it for user ${wire.user_id}`,
          );
        const linkedAccount = await adapter.linkAccount({ ...account, userId: byEmail.id });
        const user =
          byEmail.emailVerified === null ? await adapter.updateUser({ id: byEmail.id, emailVerified: now() }) : byEmail;
        return { user, account: linkedAccount, createdUser: false, linkedAccount: true };
      }
      const created = await adapter.createUserWithAccount(
        { id: randomUUID(), ...profile, emailVerified: confirmed ? now() : null },
        account,
      );
      return { ...created, createdUser: true, linkedAccount: true };
    } catch (error) {
      // A concurrent call created (or deleted) the user or the link first: look again.
      if (error instanceof AdapterError && (error.code === "conflict" || error.code === "not_found") && attempt < 3)
        continue;
      throw error;
    }
  }
}
