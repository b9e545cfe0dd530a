import type { EmulatorContext } from "./context.js";
import { domainOf, randomToken } from "../tokens/secrets.js";

/** One e-mail the emulator "sent": readable on the outbox page and through the admin API. */
export interface OutboxMessage {
  id: number;
  to: string;
  kind: "confirm_email" | "change_email" | "magic_link" | "reset_password" | "invitation";
  subject: string;
  link: string;
  sentAt: string;
}

/**
 * Issues a single-use link (a verification token in the identity store, valid `seconds`) and puts the e-mail
 * carrying it in the outbox. Returns false, sending nothing, when the address's domain is undeliverable.
 */
export async function sendLink(
  ctx: EmulatorContext,
  message: {
    to: string;
    kind: OutboxMessage["kind"];
    subject: string;
    identifier: string;
    seconds: number;
    rt?: string;
  },
): Promise<boolean> {
  const settings = await ctx.settings();
  if (settings.undeliverableDomains.includes(domainOf(message.to))) return false;
  const token = randomToken();
  await ctx.identity.createVerificationToken({
    identifier: message.identifier,
    token,
    expires: new Date(ctx.now().getTime() + message.seconds * 1000),
  });
  const link = new URL("/link", ctx.baseUrl);
  link.searchParams.set("i", message.identifier);
  link.searchParams.set("t", token);
  if (message.rt) link.searchParams.set("rt", message.rt);
  await recordMail(ctx, message.to, message.kind, message.subject, link.toString());
  return true;
}

/** Puts an e-mail in the outbox. */
export async function recordMail(
  ctx: EmulatorContext,
  to: string,
  kind: OutboxMessage["kind"],
  subject: string,
  link: string,
): Promise<void> {
  await ctx.db.query(
    "insert into emu_outbox (to_address, kind, subject, link, created_at) values ($1, $2, $3, $4, $5)",
    [to, kind, subject, link, ctx.now()],
  );
}

/** The outbox, newest first, optionally only the e-mails to one address. */
export async function readOutbox(ctx: EmulatorContext, to?: string): Promise<OutboxMessage[]> {
  const { rows } = await ctx.db.query<{
    id: number;
    to_address: string;
    kind: OutboxMessage["kind"];
    subject: string;
    link: string;
    created_at: Date;
  }>("select * from emu_outbox where $1::text is null or lower(to_address) = lower($1) order by id desc", [to ?? null]);
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    kind: r.kind,
    subject: r.subject,
    link: r.link,
    sentAt: r.created_at.toISOString(),
  }));
}
