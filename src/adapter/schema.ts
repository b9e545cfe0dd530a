/** The identity store's tables, as numbered single-statement migrations, and `migrate(db)` that applies them. */
import { refuseForeignTables } from "./foreign-schema.js";
import { runMigrations, tableNamer, type MigrateResult, type Migration } from "./migrations.js";
import type { SqlPort } from "./sql-port.js";

/** Options shared by `migrate` and `createAdapter`. */
export interface StoreOptions {
  /** Prepended to every table and index name (letters, digits, underscores), e.g. "auth_" → "auth_users". */
  tablePrefix?: string | undefined;
}

/** The adapter's migrations for a table prefix. Text ids, 64-bit counters and expiries, cascades on user delete. */
export function adapterMigrations(tablePrefix = ""): Migration[] {
  const t = tableNamer(tablePrefix);
  const steps = [
    [
      "create users",
      `CREATE TABLE ${t("users")} (id text PRIMARY KEY, name text, email text, email_verified timestamptz, image text)`,
    ],
    [
      "users: one account per e-mail, any case",
      `CREATE UNIQUE INDEX ${t("users_email_lower_key")} ON ${t("users")} (lower(email))`,
    ],
    [
      "create accounts",
      `CREATE TABLE ${t("accounts")} (user_id text NOT NULL REFERENCES ${t("users")} (id) ON DELETE CASCADE, type text NOT NULL, provider text NOT NULL, ` +
        `provider_account_id text NOT NULL, refresh_token text, access_token text, expires_at bigint, token_type text, scope text, id_token text, ` +
        `session_state text, extra jsonb NOT NULL DEFAULT '{}', PRIMARY KEY (provider, provider_account_id))`,
    ],
    ["accounts by user", `CREATE INDEX ${t("accounts_user_id_idx")} ON ${t("accounts")} (user_id)`],
    [
      "create sessions",
      `CREATE TABLE ${t("sessions")} (session_token text PRIMARY KEY, user_id text NOT NULL REFERENCES ${t("users")} (id) ON DELETE CASCADE, expires timestamptz NOT NULL)`,
    ],
    ["sessions by user", `CREATE INDEX ${t("sessions_user_id_idx")} ON ${t("sessions")} (user_id)`],
    ["sessions by expiry", `CREATE INDEX ${t("sessions_expires_idx")} ON ${t("sessions")} (expires)`],
    [
      "create verification_tokens",
      `CREATE TABLE ${t("verification_tokens")} (identifier text NOT NULL, token text NOT NULL, expires timestamptz NOT NULL, PRIMARY KEY (identifier, token))`,
    ],
    [
      "verification_tokens by expiry",
      `CREATE INDEX ${t("verification_tokens_expires_idx")} ON ${t("verification_tokens")} (expires)`,
    ],
    [
      "create authenticators",
      `CREATE TABLE ${t("authenticators")} (credential_id text PRIMARY KEY, user_id text NOT NULL REFERENCES ${t("users")} (id) ON DELETE CASCADE, ` +
        `provider_account_id text NOT NULL, credential_public_key text NOT NULL, counter bigint NOT NULL CHECK (counter >= 0), ` +
        `credential_device_type text NOT NULL, credential_backed_up boolean NOT NULL, transports text)`,
    ],
    ["authenticators by user", `CREATE INDEX ${t("authenticators_user_id_idx")} ON ${t("authenticators")} (user_id)`],
    ["users: extra fields", `ALTER TABLE ${t("users")} ADD COLUMN extra jsonb NOT NULL DEFAULT '{}'`],
  ] as const;
  return steps.map(([name, sql], index) => ({ id: index + 1, name, sql }));
}

/**
 * Creates or upgrades the identity store's tables; idempotent, and safe when several processes call it at once.
 * Refuses (`schema_conflict`) when tables of the same names exist that it did not create, e.g. @auth/pg-adapter's.
 */
export async function migrate(db: SqlPort, options: StoreOptions = {}): Promise<MigrateResult> {
  await refuseForeignTables(db, options.tablePrefix);
  return runMigrations(db, {
    scope: "adapter",
    migrations: adapterMigrations(options.tablePrefix),
    tablePrefix: options.tablePrefix,
  });
}
