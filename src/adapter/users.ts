/** Users and their provider accounts. */
import { randomUUID } from "node:crypto";
import { AdapterError } from "./errors.js";
import { USER_COLUMNS, toAccount, toUser } from "./rows.js";
import type { OrgauthAdapter, StoreContext } from "./types.js";
import { accountExtras, accountInput, isKey, parseInput, userInput, userPatch } from "./validate.js";

type UserMethods = Pick<OrgauthAdapter, "createUser" | "getUser" | "getUserByEmail" | "getUserByAccount" | "updateUser" | "deleteUser" | "linkAccount" | "unlinkAccount" | "getAccount">;

/** True when `value` names an account by two usable keys. */
function isAccountKey(value: unknown): value is { provider: string; providerAccountId: string } {
  const candidate = value as { provider?: unknown; providerAccountId?: unknown } | null;
  return typeof candidate === "object" && candidate !== null && isKey(candidate.provider) && isKey(candidate.providerAccountId);
}

const USER_FIELDS = { name: "name", email: "email", emailVerified: "email_verified", image: "image" } as const;

/** The user and account methods over one store. */
export function userMethods(store: StoreContext): UserMethods {
  const users = store.table("users");
  const accounts = store.table("accounts");
  const one = async (operation: string, sql: string, params: unknown[]) => (await store.rows(operation, sql, params))[0];

  return {
    async createUser(user) {
      const input = parseInput(userInput, user, "createUser");
      const row = await one("createUser", `INSERT INTO ${users} AS u (id, name, email, email_verified, image) VALUES ($1, $2, $3, $4, $5) RETURNING ${USER_COLUMNS}`, [
        input.id ?? randomUUID(),
        input.name ?? null,
        input.email,
        input.emailVerified ?? null,
        input.image ?? null,
      ]);
      return toUser(row!);
    },

    async getUser(id) {
      if (!isKey(id)) return null;
      const row = await one("getUser", `SELECT ${USER_COLUMNS} FROM ${users} u WHERE u.id = $1`, [id]);
      return row === undefined ? null : toUser(row);
    },

    async getUserByEmail(email) {
      if (!isKey(email)) return null;
      const row = await one("getUserByEmail", `SELECT ${USER_COLUMNS} FROM ${users} u WHERE lower(u.email) = lower($1)`, [email]);
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
      const sql =
        assignments.length === 0
          ? `SELECT ${USER_COLUMNS} FROM ${users} u WHERE u.id = $1`
          : `UPDATE ${users} AS u SET ${assignments.join(", ")} WHERE u.id = $1 RETURNING ${USER_COLUMNS}`;
      const row = await one("updateUser", sql, params);
      if (row === undefined) throw new AdapterError("not_found", `updateUser: no user with id ${JSON.stringify(input.id)}`);
      return toUser(row);
    },

    async deleteUser(id) {
      if (!isKey(id)) return null;
      // Accounts, sessions and authenticators go in this same statement (ON DELETE CASCADE).
      const row = await one("deleteUser", `DELETE FROM ${users} AS u WHERE u.id = $1 RETURNING ${USER_COLUMNS}`, [id]);
      return row === undefined ? null : toUser(row);
    },

    async linkAccount(account) {
      const input = parseInput(accountInput, account, "linkAccount");
      const extra = accountExtras(account as unknown as Record<string, unknown>, "linkAccount");
      const sql =
        `INSERT INTO ${accounts} (user_id, type, provider, provider_account_id, refresh_token, access_token, expires_at, token_type, scope, id_token, session_state, extra) ` +
        `VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`;
      const row = await one("linkAccount", sql, [
        input.userId,
        input.type,
        input.provider,
        input.providerAccountId,
        input.refresh_token ?? null,
        input.access_token ?? null,
        input.expires_at ?? null,
        input.token_type ?? null,
        input.scope ?? null,
        input.id_token ?? null,
        input.session_state ?? null,
        JSON.stringify(extra),
      ]);
      return toAccount(row!);
    },

    async unlinkAccount(key) {
      if (!isAccountKey(key)) return undefined;
      const row = await one("unlinkAccount", `DELETE FROM ${accounts} WHERE provider = $1 AND provider_account_id = $2 RETURNING *`, [key.provider, key.providerAccountId]);
      return row === undefined ? undefined : toAccount(row);
    },

    async getAccount(providerAccountId, provider) {
      if (!isKey(providerAccountId) || !isKey(provider)) return null;
      const row = await one("getAccount", `SELECT * FROM ${accounts} WHERE provider = $1 AND provider_account_id = $2`, [provider, providerAccountId]);
      return row === undefined ? null : toAccount(row);
    },
  };
}
