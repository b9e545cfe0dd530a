/**
 * What a backend API-key body gives a key (create, import, update): its owners, name, metadata and expiry, each
 * checked into a field error.
 */
import type { EmulatorContext } from "../store/context.js";
import { fieldError } from "../http/backend-errors.js";
import { optionalText } from "../http/fields.js";
import { orgRecords } from "../store/orgs.js";
import { getPerson } from "../store/people.js";

/** Key metadata: a JSON object, or (as the Node library's update types it) a JSON-encoded object; null clears. */
export function metadataOf(body: Record<string, unknown>): Record<string, unknown> | null | undefined {
  let value = body.metadata;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch (error) {
      throw fieldError("metadata", "Must be an object or a JSON-encoded object", "invalid_value", error);
    }
  }
  if (value === undefined || value === null) return value;
  if (typeof value !== "object" || Array.isArray(value))
    throw fieldError("metadata", "Must be an object or a JSON-encoded object");
  return value as Record<string, unknown>;
}

/** The last second a stored time may be (the end of the year 9999). */
const LAST_SECOND = 253_402_300_799;

/** An expiry in epoch seconds, in the future; undefined when absent. */
export function expiryOf(ctx: EmulatorContext, body: Record<string, unknown>): Date | undefined {
  const value = body.expires_at_seconds;
  if (value === undefined || value === null) return undefined;
  if (!Number.isInteger(value) || (value as number) * 1000 <= ctx.now().getTime() || (value as number) > LAST_SECOND)
    throw fieldError("expires_at_seconds", "Must be a time in the future, in whole seconds since the epoch");
  return new Date((value as number) * 1000);
}

/** The owners, name, metadata and expiry a create or import body gives a new key (field errors otherwise). */
export async function newKeyOf(ctx: EmulatorContext, body: Record<string, unknown>) {
  const userId = optionalText(body, "user_id");
  const orgId = optionalText(body, "org_id");
  if (userId !== undefined && !(await getPerson(ctx, userId))) throw fieldError("user_id", "User not found");
  if (orgId !== undefined && (await orgRecords(ctx, "id = $1", [orgId])).length === 0)
    throw fieldError("org_id", "Organization not found");
  const displayName = optionalText(body, "display_name");
  if (displayName !== undefined && displayName.length > 64)
    throw fieldError("display_name", "Name must be at most 64 characters", "too_long");
  return {
    userId,
    orgId,
    displayName: displayName ?? null,
    metadata: metadataOf(body) ?? null,
    expiresAt: expiryOf(ctx, body) ?? null,
  };
}
