import type { EmulatorContext } from "../store/context.js";

type Problem = { code: string; message: string } | undefined;

/** A new password's problem: at least 8 characters. */
export function passwordProblem(password: string): Problem {
  return password.length < 8 ? { code: "too_short", message: "Password must be at least 8 characters" } : undefined;
}

/** A name's problem: at most 100 characters. */
export function nameProblem(name: string | undefined): Problem {
  return name !== undefined && name.length > 100
    ? { code: "too_long", message: "Must be at most 100 characters" }
    : undefined;
}

/** A username's problem: 3–40 letters, digits, `_`, `.` or `-`, not held by another user. */
export async function usernameProblem(
  ctx: EmulatorContext,
  username: string | undefined,
  ownerId: string | null,
): Promise<Problem> {
  if (username === undefined) return undefined;
  if (!/^[\w.-]{3,40}$/.test(username))
    return { code: "invalid_value", message: "Use 3 to 40 letters, digits, dots, dashes or underscores" };
  const { rows } = await ctx.db.query<{ user_id: string }>(
    "select user_id from emu_profiles where lower(username) = lower($1)",
    [username],
  );
  return rows.some((r) => r.user_id !== ownerId)
    ? { code: "already_taken", message: "This username is already taken" }
    : undefined;
}
