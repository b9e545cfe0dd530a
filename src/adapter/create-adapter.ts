/** `createAdapter(db)`: the Auth.js adapter over one SqlPort (PGlite or PostgreSQL). */
import { authenticatorMethods } from "./authenticators.js";
import { toAdapterError } from "./errors.js";
import { tableNamer } from "./migrations.js";
import { sessionMethods } from "./sessions.js";
import type { SqlPort } from "./sql-port.js";
import type { AdapterOptions, OrgauthAdapter, StoreContext } from "./types.js";
import { userMethods } from "./users.js";

/** Returns an Auth.js `Adapter` (all methods, plus `purgeExpired`) storing into the tables `migrate(db)` created. */
export function createAdapter(db: SqlPort, options: AdapterOptions = {}): OrgauthAdapter {
  const store: StoreContext = {
    table: tableNamer(options.tablePrefix),
    now: options.now ?? (() => new Date()),
    async rows(operation, sql, params) {
      try {
        return (await db.query(sql, params)).rows;
      } catch (error) {
        throw toAdapterError(error, operation);
      }
    },
    async one(operation, sql, params) {
      return (await store.rows(operation, sql, params))[0];
    },
  };
  return { ...userMethods(store), ...sessionMethods(store), ...authenticatorMethods(store) };
}
