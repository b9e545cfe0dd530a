/** Database sessions, verification tokens, and the purge of expired ones — all judged by the adapter's clock. */
import { SESSION_COLUMNS, USER_COLUMNS, toSession, toUser, toVerificationToken } from "./rows.js";
import type { OrgauthAdapter, StoreContext } from "./types.js";
import { isKey, parseInput, sessionInput, sessionPatch, verificationTokenInput } from "./validate.js";

type SessionMethods = Pick<
  OrgauthAdapter,
  | "createSession"
  | "getSessionAndUser"
  | "updateSession"
  | "deleteSession"
  | "createVerificationToken"
  | "useVerificationToken"
  | "purgeExpired"
>;

/** The session, verification-token and purge methods over one store. */
export function sessionMethods(store: StoreContext): SessionMethods {
  const users = store.table("users");
  const sessions = store.table("sessions");
  const tokens = store.table("verification_tokens");
  const one = store.one;

  return {
    async createSession(session) {
      const input = parseInput(sessionInput, session, "createSession");
      const sql = `INSERT INTO ${sessions} AS s (session_token, user_id, expires) VALUES ($1, $2, $3) RETURNING ${SESSION_COLUMNS}`;
      return toSession((await one("createSession", sql, [input.sessionToken, input.userId, input.expires]))!);
    },

    async getSessionAndUser(sessionToken) {
      if (!isKey(sessionToken)) return null;
      const sql = `SELECT ${SESSION_COLUMNS}, ${USER_COLUMNS} FROM ${sessions} s JOIN ${users} u ON u.id = s.user_id WHERE s.session_token = $1 AND s.expires > $2`;
      const row = await one("getSessionAndUser", sql, [sessionToken, store.now()]);
      return row === undefined ? null : { session: toSession(row), user: toUser(row) };
    },

    async updateSession(session) {
      if (!isKey((session as { sessionToken?: unknown } | null)?.sessionToken)) return null;
      const input = parseInput(sessionPatch, session, "updateSession");
      const assignments: string[] = [];
      const params: unknown[] = [input.sessionToken];
      if (input.expires !== undefined) assignments.push(`expires = $${params.push(input.expires)}`);
      if (input.userId !== undefined) assignments.push(`user_id = $${params.push(input.userId)}`);
      const sql =
        assignments.length === 0
          ? `SELECT ${SESSION_COLUMNS} FROM ${sessions} s WHERE s.session_token = $1`
          : `UPDATE ${sessions} AS s SET ${assignments.join(", ")} WHERE s.session_token = $1 RETURNING ${SESSION_COLUMNS}`;
      const row = await one("updateSession", sql, params);
      return row === undefined ? null : toSession(row);
    },

    async deleteSession(sessionToken) {
      if (!isKey(sessionToken)) return null;
      const row = await one(
        "deleteSession",
        `DELETE FROM ${sessions} AS s WHERE s.session_token = $1 RETURNING ${SESSION_COLUMNS}`,
        [sessionToken],
      );
      return row === undefined ? null : toSession(row);
    },

    async createVerificationToken(token) {
      const input = parseInput(verificationTokenInput, token, "createVerificationToken");
      const sql = `INSERT INTO ${tokens} (identifier, token, expires) VALUES ($1, $2, $3) RETURNING identifier, token, expires`;
      return toVerificationToken(
        (await one("createVerificationToken", sql, [input.identifier, input.token, input.expires]))!,
      );
    },

    async useVerificationToken(params) {
      const candidate = params as { identifier?: unknown; token?: unknown } | null;
      if (
        typeof candidate !== "object" ||
        candidate === null ||
        !isKey(candidate.identifier) ||
        !isKey(candidate.token)
      )
        return null;
      // One statement: of concurrent uses exactly one deletes the row; an expired token is deleted and not handed back.
      const sql = `WITH used AS (DELETE FROM ${tokens} WHERE identifier = $1 AND token = $2 RETURNING identifier, token, expires) SELECT * FROM used WHERE expires > $3`;
      const row = await one("useVerificationToken", sql, [candidate.identifier, candidate.token, store.now()]);
      return row === undefined ? null : toVerificationToken(row);
    },

    async purgeExpired() {
      const now = store.now();
      const count = async (table: string) => {
        const sql = `WITH gone AS (DELETE FROM ${table} WHERE expires <= $1 RETURNING 1) SELECT count(*)::integer AS count FROM gone`;
        return Number((await one("purgeExpired", sql, [now]))?.count ?? 0);
      };
      return { sessions: await count(sessions), verificationTokens: await count(tokens) };
    },
  };
}
