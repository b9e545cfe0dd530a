import type { EmulatorContext } from "./context.js";

/** Keeps the sign-up query parameters of a user just created (by a magic link). */
export async function saveSignupParameters(
  ctx: EmulatorContext,
  userId: string,
  parameters: Record<string, string>,
): Promise<void> {
  await ctx.db.query("update emu_profiles set signup_query_parameters = $2 where user_id = $1", [
    userId,
    JSON.stringify(parameters),
  ]);
}

/** A user's sign-up query parameters: `{}` when they signed up without any (or have no profile row). */
export async function getSignupParameters(ctx: EmulatorContext, userId: string): Promise<Record<string, string>> {
  const { rows } = await ctx.db.query<{ signup_query_parameters: Record<string, string> }>(
    "select signup_query_parameters from emu_profiles where user_id = $1",
    [userId],
  );
  return rows[0]?.signup_query_parameters ?? {};
}
