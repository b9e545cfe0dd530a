/**
 * The adapter conformance suite: one suite body, run per engine (PGlite in pglite.test.ts, a real PostgreSQL
 * in postgres.test.ts). Every test gets its own tables (a table prefix), so tests share one database safely.
 */
import { afterAll, beforeAll, describe } from "vitest";
import type { ClosableSqlPort } from "../../../src/adapter/index.js";
import { accountTests } from "./accounts.js";
import { authenticatorTests } from "./authenticators.js";
import { freshStore, type Engine, type SuiteEnv } from "./harness.js";
import { migrationTests } from "./migrations.js";
import { providerTests } from "./provider.js";
import { sessionTests } from "./sessions.js";
import { tokenTests } from "./tokens.js";
import { userTests } from "./users.js";

export type { Engine } from "./harness.js";

/** Registers the whole suite against `engine`. */
export function defineConformanceSuite(engine: Engine): void {
  describe(`adapter conformance on ${engine.name}`, () => {
    let db: ClosableSqlPort | undefined;
    let second: ClosableSqlPort | undefined;
    beforeAll(async () => {
      db = await engine.open();
      second = await engine.openSecond();
    });
    afterAll(async () => {
      await second?.close();
      await db?.close();
    });
    const env: SuiteEnv = {
      db: () => db!,
      second: () => second!,
      store: () => freshStore(db!),
    };
    describe("migrations", () => migrationTests(env));
    describe("users", () => userTests(env));
    describe("accounts", () => accountTests(env));
    describe("sessions", () => sessionTests(env));
    describe("verification tokens and purge", () => tokenTests(env));
    describe("authenticators", () => authenticatorTests(env));
    describe("provider users", () => providerTests(env));
  });
}
