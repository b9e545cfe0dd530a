import type { PGlite } from "@electric-sql/pglite";
import type { Adapter } from "@auth/core/adapters";
import type { Client, Pool, PoolClient } from "pg";
import { expectTypeOf, test } from "vitest";
import type {
  createAdapter,
  EmbeddedDatabase,
  OrgauthAdapter,
  PostgresDatabase,
  SqlPort,
} from "../../src/adapter/index.js";

test("the adapter is an Auth.js Adapter with every method present", () => {
  expectTypeOf<OrgauthAdapter>().toExtend<Adapter>();
  expectTypeOf<OrgauthAdapter>().toExtend<Required<Adapter>>();
  expectTypeOf<ReturnType<typeof createAdapter>>().toEqualTypeOf<OrgauthAdapter>();
  expectTypeOf<keyof OrgauthAdapter>().toEqualTypeOf<
    keyof Required<Adapter> | "purgeExpired" | "createUserWithAccount"
  >();
});

test("PGlite, pg Pool, Client and PoolClient satisfy the query port as they are", () => {
  expectTypeOf<PGlite>().toExtend<SqlPort>();
  expectTypeOf<Pool>().toExtend<SqlPort>();
  expectTypeOf<Client>().toExtend<SqlPort>();
  expectTypeOf<PoolClient>().toExtend<SqlPort>();
  expectTypeOf<EmbeddedDatabase>().toExtend<SqlPort & { close(): Promise<void> }>();
  expectTypeOf<PostgresDatabase>().toExtend<SqlPort & { close(): Promise<void> }>();
});
