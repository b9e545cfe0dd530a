import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { createAdapter, migrate, openEmbeddedDatabase } from "../../src/adapter/index.js";
import { newUser } from "./conformance/harness.js";

describe("PGlite driver", () => {
  it("takes a plain PGlite instance as it is", async () => {
    const pglite = await PGlite.create();
    try {
      await migrate(pglite);
      const adapter = createAdapter(pglite);
      const user = await adapter.createUser(newUser());
      expect(await adapter.getUser(user.id)).toEqual(user);
    } finally {
      await pglite.close();
    }
  });

  it("a closed database gives connection_lost, not a crash", async () => {
    const db = await openEmbeddedDatabase();
    await migrate(db);
    const adapter = createAdapter(db);
    await db.close();
    await expect(adapter.getUser("u1")).rejects.toMatchObject({ name: "AdapterError", code: "connection_lost" });
    await expect(adapter.createUser(newUser())).rejects.toMatchObject({ code: "connection_lost" });
  });

  it("every in-memory database starts empty, the ones loaded from the process's fresh copy too", async () => {
    for (let i = 0; i < 3; i++) {
      const db = await openEmbeddedDatabase();
      try {
        const { rows } = await db.query<{ n: number }>(
          "select count(*)::int as n from pg_tables where schemaname = 'public'",
        );
        expect(rows, `database ${i + 1}`).toEqual([{ n: 0 }]);
        await migrate(db);
        await createAdapter(db).createUser(newUser());
      } finally {
        await db.close();
      }
    }
  });
});
