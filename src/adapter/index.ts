/**
 * `orgauth/adapter` (Node only): the identity store. An Auth.js adapter over one SQL port — PGlite embedded by
 * default, PostgreSQL through `pg` at scale — with its schema and migrations, and the provider tie-in.
 *
 * @module orgauth/adapter
 */
export { createAdapter } from "./create-adapter.js";
export { openEmbeddedDatabase, type EmbeddedDatabase, type EmbeddedDatabaseOptions } from "./embedded.js";
export { AdapterError, type AdapterErrorCode } from "./errors.js";
export { isOrgauthError, OrgauthError, type OrgauthErrorType } from "../shared/orgauth-error.js";
export { runMigrations, tableNamer, type MigrateResult, type Migration, type MigrationPlan } from "./migrations.js";
export { openPostgres, type PostgresDatabase } from "./postgres.js";
export { PROVIDER_ID, recordProviderUser, type ProviderUserPayload, type ProviderUserRecord } from "./provider-user.js";
export { adapterMigrations, migrate, type StoreOptions } from "./schema.js";
export { inTransaction, type ClosableSqlPort, type SqlPort, type SqlResult, type SqlRow } from "./sql-port.js";
export type { AccountKey, AdapterOptions, OrgauthAdapter, PurgeResult } from "./types.js";
