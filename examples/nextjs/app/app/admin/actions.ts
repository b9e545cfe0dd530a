"use server";
/** A server action only a user with `can_invite` in the active org may run; anyone else gets the typed denial. */
import { orgauth } from "../../../lib/orgauth";

/** Pretends to send an invitation; returns who sent it, or `{ status, error_code, message }`. */
export const invite = orgauth.protectAction({ permission: "can_invite" }, async (user) => `Invited by ${user.email}`);
