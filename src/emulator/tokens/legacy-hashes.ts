/**
 * Password hashes imported from another system (the backend's user migration): bcrypt (`$2a$`, `$2b$`, `$2y$`) and
 * argon2id (PHC string), checked with `hash-wasm` (WebAssembly, loaded on the first such check, so an emulator with
 * no migrated user never loads it). Every other format is refused at import with its name, so the message tells
 * the developer what they sent rather than failing later at a login.
 */
import { verifyOnThread } from "./legacy-hash-thread.js";

const BCRYPT = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;
const ARGON2ID = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]{11,}\$[A-Za-z0-9+/]{16,}$/;

/**
 * The costs accepted, so that one login costs at most about a second of one core and 64 MiB (docs/emulator.md,
 * "Migrated passwords' costs"; the provider documents none). bcrypt: OWASP's password-storage guidance asks for a
 * cost of 10 or more and the common libraries default to 10-12, so 13 leaves one doubling above them (each step doubles the time:
 * 14-16 cost 2-8 s a check). argon2id: up to RFC 9106's second recommended setting, 64 MiB and 3 passes, measured as
 * memory times passes, which admits each of OWASP's five settings (46 MiB x 1 ... 7 MiB x 5); its first (2 GiB) is
 * too much for a developer's laptop.
 */
const LIMITS = { bcryptCost: [4, 13], argonMemoryKiB: [8, 65_536], argonTime: [1, 10], argonLanes: [1, 16] } as const;
/** The most argon2id work accepted: memory (KiB) times passes, RFC 9106's 64 MiB x 3. */
const ARGON_MAX_WORK = 65_536 * 3;
const within = (value: number, [low, high]: readonly [number, number]) => value >= low && value <= high;

/** Names of formats that are recognised but not checked, by their prefix or shape. */
const OTHER_FORMATS: [RegExp, string][] = [
  [/^\$1\$/, "md5-crypt"],
  [/^\$5\$/, "sha256-crypt"],
  [/^\$6\$/, "sha512-crypt"],
  [/^\$argon2i\$/, "argon2i"],
  [/^\$argon2d\$/, "argon2d"],
  [/^\$scrypt\$|^scrypt\$/, "scrypt"],
  [/^\$pbkdf2|^pbkdf2_/, "PBKDF2"],
  [/^\$2[aby]?\$/, "bcrypt (malformed)"],
  [/^\$argon2id\$/, "argon2id (malformed)"],
  [/^[0-9a-f]{32}$/i, "MD5 (hex)"],
  [/^[0-9a-f]{40}$/i, "SHA-1 (hex)"],
  [/^[0-9a-f]{64}$/i, "SHA-256 (hex)"],
];

/** Whether a stored hash is an imported one (bcrypt or argon2id) rather than the emulator's own scrypt. */
export const isLegacyHash = (stored: string): boolean => stored.startsWith("$2") || stored.startsWith("$argon2id$");

/** What is wrong with a hash given for import, or undefined when it is bcrypt or argon2id within the cost limits. */
export function legacyHashProblem(hash: string): string | undefined {
  const bcrypt = BCRYPT.exec(hash);
  if (bcrypt) {
    const [low, high] = LIMITS.bcryptCost;
    return within(Number(bcrypt[1]), LIMITS.bcryptCost) ? undefined : `bcrypt cost must be ${low} to ${high}`;
  }
  const argon = ARGON2ID.exec(hash);
  if (argon) {
    const ok =
      within(Number(argon[1]), LIMITS.argonMemoryKiB) &&
      within(Number(argon[2]), LIMITS.argonTime) &&
      within(Number(argon[3]), LIMITS.argonLanes) &&
      Number(argon[1]) * Number(argon[2]) <= ARGON_MAX_WORK;
    return ok ? undefined : "argon2id parameters must be m ≤ 65536 KiB, m × t ≤ 196608 (64 MiB × 3 passes) and p ≤ 16";
  }
  const name = OTHER_FORMATS.find(([pattern]) => pattern.test(hash))?.[1] ?? "unrecognised";
  return `Unsupported password hash format (${name}): use bcrypt ($2a$, $2b$, $2y$) or argon2id ($argon2id$)`;
}

/** What checking an imported hash needs when `hash-wasm` is not installed. */
export const HASH_WASM_MISSING =
  "Checking an imported bcrypt or argon2id hash needs the hash-wasm package: npm install --save-dev hash-wasm";

/** Loads `hash-wasm`; when it cannot be loaded, an error saying what to install (the import's error its cause). */
export async function loadHashWasm(): Promise<typeof import("hash-wasm")> {
  try {
    return await import("hash-wasm");
  } catch (error) {
    throw new Error(HASH_WASM_MISSING, { cause: error });
  }
}

/**
 * Whether `password` (as typed, not normalised) matches an imported bcrypt or argon2id hash: checked on a worker
 * thread, so the event loop keeps answering meanwhile (`hash-wasm` is loaded here first, for its clear message).
 */
export async function verifyLegacyHash(password: string, stored: string): Promise<boolean> {
  if (legacyHashProblem(stored) !== undefined) return false;
  await loadHashWasm();
  return verifyOnThread(password, stored);
}
