import { describe, inject, it } from "vitest";
import { openPostgres } from "../../src/adapter/index.js";
import { createClusterDatabase } from "./postgres-database.js";
import { defineConformanceSuite } from "./conformance/index.js";

// A real PostgreSQL (started by the project's global setup): this file gets its own database,
// opened through two independent pools so concurrency tests really run on separate connections.
const adminUrl = inject("postgresUrl");

if (adminUrl === "") {
  describe.skip("adapter conformance on PostgreSQL (skipped: no PostgreSQL binaries — set PG_BIN)", () => {
    it("runs the conformance suite on a throwaway cluster", () => undefined);
  });
} else {
  const database = createClusterDatabase(adminUrl, "conformance");
  defineConformanceSuite({
    name: "PostgreSQL",
    open: async () => openPostgres({ connectionString: await database(), max: 20 }),
    openSecond: async () => openPostgres({ connectionString: await database(), max: 20 }),
  });
}
