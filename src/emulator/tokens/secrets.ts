import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { isLegacyHash, verifyLegacyHash } from "./legacy-hashes.js";

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;
/**
 * scrypt's N for a new password hash: 16384, or a lower power of two from `ORGAUTH_EMULATOR_SCRYPT_N` (the test
 * stages set 1024: they hash and check passwords by the thousand); a hash keeps its own N, so it checks either way.
 */
function scryptCost(): number {
  const n = Number(process.env.ORGAUTH_EMULATOR_SCRYPT_N);
  return Number.isInteger(n) && n >= 2 && n <= 16384 && (n & (n - 1)) === 0 ? n : 16384;
}

/** The scrypt parameters of new password hashes but N (passwordCost), and their key and salt lengths in bytes. */
export const PASSWORD_SCRYPT = { r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

/** The scrypt cost of a new password hash (N, r, p), read at each hashing. */
export const passwordCost = (): ScryptCost => ({ N: scryptCost(), r: PASSWORD_SCRYPT.r, p: PASSWORD_SCRYPT.p });

/** scrypt's cost parameters. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** A password as scrypt is given it: NFKC-normalised, so one password typed two ways hashes the same. */
export const passwordInput = (password: string): string => password.normalize("NFKC");

/** A stored password hash, `scrypt$N$r$p$salt$hash` (base64url parts), from the cost, the salt and scrypt's output. */
export function formatPasswordHash(cost: ScryptCost, salt: Uint8Array, hash: Uint8Array): string {
  const part = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
  return ["scrypt", cost.N, cost.r, cost.p, part(salt), part(hash)].join("$");
}

/** Hashes a password with scrypt and a random salt, as `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(PASSWORD_SCRYPT.saltLength);
  const cost = passwordCost();
  return formatPasswordHash(
    cost,
    salt,
    await scryptAsync(passwordInput(password), salt, PASSWORD_SCRYPT.keyLength, cost),
  );
}

/** Whether `password` matches a hash made by hashPassword, or an imported bcrypt / argon2id one. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored !== null && isLegacyHash(stored)) return verifyLegacyHash(password, stored);
  const [scheme, n, r, p, salt, hash] = stored?.split("$") ?? [];
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scryptAsync(passwordInput(password), Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

/** A random URL-safe secret of `bytes` bytes. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString("base64url");

/** A new id for a user, an org or an API key: a random UUID, as the provider issues them. */
export const newId = (): string => randomUUID();

/** SHA-256 of a secret, hex; secrets are stored only this way. */
export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

/** The syntax check for e-mail addresses: one @, a dot in the domain, no spaces. */
export const isEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254;

/** The domain part of an e-mail address, lower-cased. */
export const domainOf = (email: string): string => email.slice(email.lastIndexOf("@") + 1).toLowerCase();
