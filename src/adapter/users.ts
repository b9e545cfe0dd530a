/** Users and their provider accounts. */
import { randomUUID } from "node:crypto";
import { AdapterError } from "./errors.js";
import { USER_COLUMNS, toAccount, toUser } from "./rows.js";
import type { OrgauthAdapter, StoreContext } from "./types.js";
import { accountExtras, accountInput, isKey, parseInput, userExtras, userInput, userPatch } from "./validate.js";

type UserMethods = Pick<
  OrgauthAdapter,
  | "createUser"
  | "getUser"
  | "getUserByEmail"
  | "getUserByAccount"
  | "updateUser"
  | "deleteUser"
  | "linkAccount"
  | "unlinkAccount"
  | "getAccount"
  | "createUserWithAccount"
>;

const ACCOUNT_COLUMNS =
  "user_id, type, provider, provider_account_id, refresh_token, access_token, expires_at, token_type, scope, id_token, session_state, extra";
const ACCOUNT_TYPES = [
  "text",
  "text",
  "text",
  "text",
  "text",
  "text",
  "bigint",
  "text",
  "text",
  "text",
  "text",
  "jsonb",
];

/** Typed placeholders from `$from` for account columns (an INSERT … SELECT does not infer parameter types from the target). */
function placeholders(from: number, types: readonly string[]): string {
  return types.map((type, index) => `$${from + index}::${type}`).join(", ");
}

/**
 * The users row values (id, name, email, email_verified, image, extra) of a checked user; the id is generated when
 * absent, and fields that are not columns go to `extra` as JSON.
 */
function userValues(
  user: unknown,
  operation: string,
): [string, string | null, string | null, Date | null, string | null, string] {
  const input = parseInput(userInput, user, operation);
  const extra = JSON.stringify(userExtras(user as Record<string, unknown>, operation));
  return [
    input.id ?? randomUUID(),
    input.name ?? null,
    input.email ?? null,
    input.emailVerified ?? null,
    input.image ?? null,
    extra,
  ];
}

const INSERT_USER_COLUMNS = "(id, name, email, email_verified, image, extra) VALUES ($1, $2, $3, $4, $5, $6::jsonb)";

/** The accounts row values, in ACCOUNT_COLUMNS order, of a checked account; extra fields go to `extra` as JSON. */
function accountValues(account: unknown, operation: string): unknown[] {
  const input = parseInput(accountInput, account, operation);
  const extra = accountExtras(account as Record<string, unknown>, operation);
  const tokens = [
    input.refresh_token,
    input.access_token,
    input.expires_at,
    input.token_type,
    input.scope,
    input.id_token,
    input.session_state,
  ];
  return [
    input.userId,
    input.type,
    input.provider,
    input.providerAccountId,
    ...tokens.map((value) => value ?? null),
    JSON.stringify(extra),
  ];
}

/** True when `value` names an account by two usable keys. */
function isAccountKey(value: unknown): value is { provider: string; providerAccountId: string } {
  const candidate = value as { provider?: unknown; providerAccountId?: unknown } | null;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    isKey(candidate.provider) &&
    isKey(candidate.providerAccountId)
  );
}

const USER_FIELDS = { name: "name", email: "email", emailVerified: "email_verified", image: "image" } as const;

/** The user and account methods over one store. */
export function userMethods(store: StoreContext): UserMethods {
  const users = store.table("users");
  const accounts = store.table("accounts");
  const one = store.one;

  return {
    async createUser(user) {
      const sql = `INSERT INTO ${users} AS u ${INSERT_USER_COLUMNS} RETURNING ${USER_COLUMNS}`;
      return toUser((await one("createUser", sql, userValues(user, "createUser")))!);
    },

    async getUser(id) {
      if (!isKey(id)) return null;
      const row = await one("getUser", `SELECT ${USER_COLUMNS} FROM ${users} u WHERE u.id = $1`, [id]);
      return row === undefined ? null : toUser(row);
    },

    async getUserByEmail(email) {
      if (!isKey(email)) return null;
      const row = await one(
        "getUserByEmail",
        `SELECT ${USER_COLUMNS} FROM ${users} u WHERE lower(u.email) = lower($1)`,
        [email],
      );
      return row === undefined ? null : toUser(row);
    },

    async getUserByAccount(key) {
      if (!isAccountKey(key)) return null;
      const sql = `SELECT ${USER_COLUMNS} FROM ${users} u JOIN ${accounts} a ON a.user_id = u.id WHERE a.provider = $1 AND a.provider_account_id = $2`;
      const row = await one("getUserByAccount", sql, [key.provider, key.providerAccountId]);
      return row === undefined ? null : toUser(row);
    },

    async updateUser(user) {
      const input = parseInput(userPatch, user, "updateUser");
      const assignments: string[] = [];
      const params: unknown[] = [input.id];
      for (const [field, column] of Object.entries(USER_FIELDS)) {
        if ((user as Record<string, unknown>)[field] === undefined) continue;
        params.push(input[field as keyof typeof USER_FIELDS] ?? null);
        assignments.push(`${column} = $${params.length}`);
      }
      const extra = userExtras(user as Record<string, unknown>, "updateUser");
      if (Object.keys(extra).length > 0) {
        params.push(JSON.stringify(extra));
        assignments.push(`extra = u.extra || $${params.length}::jsonb`);
      }
      const sql =
        assignments.length === 0
          ? `SELECT ${USER_COLUMNS} FROM ${users} u WHERE u.id = $1`
          : `UPDATE ${users} AS u SET ${assignments.join(", ")} WHERE u.id = $1 RETURNING ${USER_COLUMNS}`;
      const row = await one("updateUser", sql, params);
      if (row === undefined)
        throw new AdapterError("not_found", `updateUser: no user with id ${JSON.stringify(input.id)}`);
      return toUser(row);
    },

    async deleteUser(id) {
      if (!isKey(id)) return null;
      // Accounts, sessions and authenticators go in this same statement (ON DELETE CASCADE).
      const row = await one("deleteUser", `DELETE FROM ${users} AS u WHERE u.id = $1 RETURNING ${USER_COLUMNS}`, [id]);
      return row === undefined ? null : toUser(row);
    },

    async linkAccount(account) {
      const values = accountValues(account, "linkAccount");
      const row = await one(
        "linkAccount",
        `INSERT INTO ${accounts} (${ACCOUNT_COLUMNS}) VALUES (${placeholders(1, ACCOUNT_TYPES)}) RETURNING *`,
        values,
      );
      return toAccount(row!);
    },

    async createUserWithAccount(user, account) {
      const values = userValues(user, "createUserWithAccount");
      const linked = accountValues({ ...account, userId: values[0] }, "createUserWithAccount").slice(1);
      // One statement: either both rows exist afterwards or neither does.
      const sql =
        `WITH u AS (INSERT INTO ${users} AS u ${INSERT_USER_COLUMNS} RETURNING ${USER_COLUMNS}), ` +
        `a AS (INSERT INTO ${accounts} (${ACCOUNT_COLUMNS}) SELECT u.user_id, ${placeholders(7, ACCOUNT_TYPES.slice(1))} FROM u RETURNING *) SELECT * FROM u, a`;
      const row = (await one("createUserWithAccount", sql, [...values, ...linked]))!;
      return { user: toUser(row), account: toAccount(row) };
    },

    async unlinkAccount(key) {
      if (!isAccountKey(key)) return undefined;
      const row = await one(
        "unlinkAccount",
        `DELETE FROM ${accounts} WHERE provider = $1 AND provider_account_id = $2 RETURNING *`,
        [key.provider, key.providerAccountId],
      );
      return row === undefined ? undefined : toAccount(row);
    },

    async getAccount(providerAccountId, provider) {
      if (!isKey(providerAccountId) || !isKey(provider)) return null;
      const row = await one(
        "getAccount",
        `SELECT * FROM ${accounts} WHERE provider = $1 AND provider_account_id = $2`,
        [provider, providerAccountId],
      );
      return row === undefined ? null : toAccount(row);
    },
  };
}
