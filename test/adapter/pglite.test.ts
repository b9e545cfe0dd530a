import { openEmbeddedDatabase } from "../../src/adapter/index.js";
import { defineConformanceSuite } from "./conformance/index.js";

// PGlite in memory: one instance for the file; the "second" way in is the same instance (PGlite is single-connection).
let shared: Awaited<ReturnType<typeof openEmbeddedDatabase>> | undefined;

defineConformanceSuite({
  name: "PGlite",
  async open() {
    shared = await openEmbeddedDatabase();
    return shared;
  },
  async openSecond() {
    return { query: (sql, params) => shared!.query(sql, params), close: async () => undefined };
  },
});
