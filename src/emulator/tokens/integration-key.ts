import { createHash, timingSafeEqual } from "node:crypto";
import type { SqlPort } from "../db/sql.js";
import { randomToken } from "./secrets.js";

/** What an integration API key may look like: printable, no white space (it travels in `Authorization: Bearer`). */
const KEY_SHAPE = /^[\x21-\x7e]{8,200}$/;

/**
 * The database's integration API key, the one an app's server sends as `Authorization: Bearer`: `given` when set
 * (`--api-key`, `ORGAUTH_EMULATOR_API_KEY`), stored for every process on the database; else the stored one, made
 * on first use. Kept with the data like the signing key, so an app's `.env` holds across restarts and resets.
 */
export async function loadIntegrationKey(db: SqlPort, given?: string): Promise<string> {
  if (given !== undefined) {
    if (!KEY_SHAPE.test(given))
      throw new Error("The integration API key must be 8 to 200 printable characters with no white space");
    await db.query(
      "insert into emu_integration_key (id, api_key, created_at) values (1, $1, now()) on conflict (id) do update set api_key = excluded.api_key",
      [given],
    );
    return given;
  }
  const stored = await readIntegrationKey(db);
  if (stored) return stored;
  // Two processes starting together on one database: the first insert wins and both read it back.
  await db.query(
    "insert into emu_integration_key (id, api_key, created_at) values (1, $1, now()) on conflict (id) do nothing",
    [`emu_${randomToken(24)}`],
  );
  const created = await readIntegrationKey(db);
  if (!created) throw new Error("The emulator's integration API key could not be stored");
  return created;
}

/** The stored integration API key (read per request: another process on the database may have set a new one). */
async function readIntegrationKey(db: SqlPort): Promise<string | undefined> {
  const { rows } = await db.query<{ api_key: string }>("select api_key from emu_integration_key where id = 1");
  return rows[0]?.api_key;
}

const digest = (value: string): Buffer => createHash("sha256").update(value).digest();

/**
 * Whether an `Authorization` header is `Bearer <the integration API key>` (compared in constant time). A request
 * without a bearer token is refused before the stored key is read.
 */
export async function bearsIntegrationKey(db: SqlPort, authorization: string | undefined): Promise<boolean> {
  const given = bearerOf(authorization);
  if (given === undefined) return false;
  const key = await readIntegrationKey(db);
  return key !== undefined && timingSafeEqual(digest(given), digest(key));
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1];
}
