import type { EmulatorContext } from "./context.js";
import { randomToken, sha256 } from "../tokens/secrets.js";

/** What a magic link made by the backend API does when followed. */
export interface MagicLink {
  userId: string;
  /** Where it lands once signed in (checked when made); null: the project's default. */
  redirectTo: string | null;
  requiresInterstitial: boolean;
}

/** A new link's settings, as the backend call gives them. */
export interface NewMagicLink extends MagicLink {
  singleUse: boolean;
  hours: number;
  signupQueryParameters: Record<string, string> | null;
}

/** Stores a magic link (its token only hashed) and answers the token, the link's one secret. */
export async function createMagicLink(ctx: EmulatorContext, link: NewMagicLink): Promise<string> {
  const token = randomToken();
  const now = ctx.now();
  await ctx.db.query(
    `insert into emu_magic_links (token_hash, user_id, redirect_to, single_use, requires_interstitial,
       signup_query_parameters, expires_at, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      sha256(token),
      link.userId,
      link.redirectTo,
      link.singleUse,
      link.requiresInterstitial,
      link.signupQueryParameters === null ? null : JSON.stringify(link.signupQueryParameters),
      new Date(now.getTime() + link.hours * 3_600_000),
      now,
    ],
  );
  return token;
}

type LinkRow = { user_id: string; redirect_to: string | null; requires_interstitial: boolean };
const linkOf = (row: LinkRow | undefined): MagicLink | null =>
  row ? { userId: row.user_id, redirectTo: row.redirect_to, requiresInterstitial: row.requires_interstitial } : null;

/** The link of a token while it still works (not expired, not used up), without using it; else null. */
export async function peekMagicLink(ctx: EmulatorContext, token: string): Promise<MagicLink | null> {
  const { rows } = await ctx.db.query<LinkRow>(
    `select user_id, redirect_to, requires_interstitial from emu_magic_links
     where token_hash = $1 and expires_at > $2 and not (single_use and used_at is not null)`,
    [sha256(token), ctx.now()],
  );
  return linkOf(rows[0]);
}

/**
 * Uses a link, in one statement: answers it while it works and marks it used, so of two browsers following a
 * single-use link at once only one signs in. Null when it is unknown, expired or used up.
 */
export async function useMagicLink(ctx: EmulatorContext, token: string): Promise<MagicLink | null> {
  const now = ctx.now();
  const { rows } = await ctx.db.query<LinkRow>(
    `update emu_magic_links set used_at = $2
     where token_hash = $1 and expires_at > $2 and not (single_use and used_at is not null)
     returning user_id, redirect_to, requires_interstitial`,
    [sha256(token), now],
  );
  return linkOf(rows[0]);
}
