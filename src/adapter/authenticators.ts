/** WebAuthn authenticators. Create and counter updates throw on failure, as Auth.js's interface documents. */
import { AdapterError } from "./errors.js";
import { toAuthenticator } from "./rows.js";
import type { OrgauthAdapter, StoreContext } from "./types.js";
import { authenticatorInput, counterInput, isKey, parseInput } from "./validate.js";

type AuthenticatorMethods = Pick<
  OrgauthAdapter,
  "createAuthenticator" | "getAuthenticator" | "listAuthenticatorsByUserId" | "updateAuthenticatorCounter"
>;

const COLUMNS =
  "credential_id, user_id, provider_account_id, credential_public_key, counter, credential_device_type, credential_backed_up, transports";

/** The authenticator methods over one store. */
export function authenticatorMethods(store: StoreContext): AuthenticatorMethods {
  const authenticators = store.table("authenticators");

  return {
    async createAuthenticator(authenticator) {
      const input = parseInput(authenticatorInput, authenticator, "createAuthenticator");
      const sql = `INSERT INTO ${authenticators} (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`;
      const rows = await store.rows("createAuthenticator", sql, [
        input.credentialID,
        input.userId,
        input.providerAccountId,
        input.credentialPublicKey,
        input.counter,
        input.credentialDeviceType,
        input.credentialBackedUp,
        input.transports ?? null,
      ]);
      return toAuthenticator(rows[0]!);
    },

    async getAuthenticator(credentialID) {
      if (!isKey(credentialID)) return null;
      const rows = await store.rows(
        "getAuthenticator",
        `SELECT ${COLUMNS} FROM ${authenticators} WHERE credential_id = $1`,
        [credentialID],
      );
      return rows[0] === undefined ? null : toAuthenticator(rows[0]);
    },

    async listAuthenticatorsByUserId(userId) {
      if (!isKey(userId)) return [];
      const rows = await store.rows(
        "listAuthenticatorsByUserId",
        `SELECT ${COLUMNS} FROM ${authenticators} WHERE user_id = $1 ORDER BY credential_id`,
        [userId],
      );
      return rows.map(toAuthenticator);
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      const input = parseInput(counterInput, { credentialID, counter: newCounter }, "updateAuthenticatorCounter");
      // A counter never moves back: of concurrent updates the highest value stays, whatever order they land in.
      const sql = `UPDATE ${authenticators} SET counter = GREATEST(counter, $2) WHERE credential_id = $1 RETURNING ${COLUMNS}`;
      const rows = await store.rows("updateAuthenticatorCounter", sql, [input.credentialID, input.counter]);
      if (rows[0] === undefined)
        throw new AdapterError(
          "not_found",
          `updateAuthenticatorCounter: no authenticator with credential id ${JSON.stringify(credentialID)}`,
        );
      return toAuthenticator(rows[0]);
    },
  };
}
