import type { EmulatorContext } from "../store/context.js";
import { backendUserNotFound } from "../http/backend-errors.js";
import { assertFields } from "../http/errors.js";
import { bodyOf, optionalFlag, optionalObject, optionalText, requiredText } from "../http/fields.js";
import type { Request, Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { enableMfa } from "../store/mfa-store.js";
import { createPerson, getPerson, getPersonByEmail, updateProfile } from "../store/people.js";
import { HASH_WASM_MISSING, legacyHashProblem, loadHashWasm } from "../tokens/legacy-hashes.js";
import { isEmail } from "../tokens/secrets.js";
import { backendRegistrar } from "./backend-edge.js";
import { nameProblem, usernameProblem } from "./validation.js";

type Problem = { code: string; message: string } | undefined;

/** An imported hash's problem: not bcrypt or argon2id (the message names the format found), or costs out of range. */
async function hashProblem(hash: string | undefined): Promise<Problem> {
  if (hash === undefined) return undefined;
  const message = legacyHashProblem(hash);
  if (message !== undefined) return { code: "unsupported_hash_format", message };
  const missing = await loadHashWasm().then(
    () => false,
    () => true,
  );
  return missing ? { code: "unavailable", message: HASH_WASM_MISSING } : undefined;
}

/** A TOTP secret as given (spaces, lower case and `=` padding allowed), upper-case base32; null when it is not one. */
function totpSecretOf(given: string): string | null {
  const secret = given.replace(/\s/g, "").replace(/=+$/, "").toUpperCase();
  return /^[A-Z2-7]{16,}$/.test(secret) ? secret : null;
}

/** A new e-mail address's problem: valid, and no other user's. */
async function emailProblem(ctx: EmulatorContext, email: string): Promise<Problem> {
  if (!isEmail(email)) return { code: "invalid_email", message: "Please enter a valid email address" };
  return (await getPersonByEmail(ctx, email))
    ? { code: "already_taken", message: "An account with this email already exists" }
    : undefined;
}

/** The backend's migration from an external source: a user with their old hash and MFA secret, or a new hash. */
export function backendMigrationRoutes(router: Router, ctx: EmulatorContext): void {
  const add = backendRegistrar(router, ctx);

  const migrateUser = async (request: Request) => {
    const body = bodyOf(request);
    const email = requiredText(body, "email").trim();
    const passwordHash = optionalText(body, "existing_password_hash");
    const mfaGiven = optionalText(body, "existing_mfa_base32_encoded_secret");
    const mfaSecret = mfaGiven === undefined ? null : totpSecretOf(mfaGiven);
    const username = optionalText(body, "username");
    const firstName = optionalText(body, "first_name");
    const lastName = optionalText(body, "last_name");
    assertFields({
      email: await emailProblem(ctx, email),
      existing_password_hash: await hashProblem(passwordHash),
      existing_mfa_base32_encoded_secret:
        mfaGiven !== undefined && mfaSecret === null
          ? { code: "invalid_value", message: "Must be a base32 TOTP secret (A–Z, 2–7; 16 characters or more)" }
          : undefined,
      username: await usernameProblem(ctx, username, null),
      first_name: nameProblem(firstName),
      last_name: nameProblem(lastName),
    });
    const person = await createPerson(ctx, {
      email,
      emailConfirmed: optionalFlag(body, "email_confirmed") ?? false,
      passwordHash: passwordHash ?? null,
      username: username ?? null,
      firstName: firstName ?? null,
      lastName: lastName ?? null,
      pictureUrl: optionalText(body, "picture_url") ?? null,
      properties: optionalObject(body, "properties") ?? {},
      enabled: optionalFlag(body, "enabled") ?? true,
      mustChangePassword: optionalFlag(body, "update_password_required") ?? false,
      legacyUserId: optionalText(body, "existing_user_id") ?? null,
    });
    if (mfaSecret) await enableMfa(ctx, person.id, mfaSecret);
    return ok({ user_id: person.id });
  };
  add("POST", "/api/backend/v1/migrate_user/", migrateUser);
  add("POST", "/api/backend/v1/migrate_user", migrateUser);

  add("POST", "/api/backend/v1/migrate_user/password", async (request) => {
    const body = bodyOf(request);
    const person = await getPerson(ctx, requiredText(body, "user_id"));
    if (!person) throw backendUserNotFound();
    const passwordHash = requiredText(body, "password_hash");
    assertFields({ password_hash: await hashProblem(passwordHash) });
    await updateProfile(ctx, person.id, { passwordHash, locked: false, failedLogins: 0 });
    return ok({});
  });
}
