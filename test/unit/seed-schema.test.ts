/** The checked-in JSON Schema of the emulator's seed files is the one generated from the zod schema. */
import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";
import { SEED_SCHEMA_PATH, seedSchemaText } from "../../scripts/seed-schema.js";
import { demoSeed } from "../../src/emulator/seeds/demo-seed.js";
import { parseSeed } from "../../src/emulator/seeds/seed-validate.js";

it("src/emulator/seeds/seed.schema.json is current (run `npx tsx scripts/seed-schema.ts` after changing the format)", async () => {
  expect(await readFile(SEED_SCHEMA_PATH, "utf8")).toBe(await seedSchemaText());
});

it("the demo seed is a valid seed", () => {
  expect(parseSeed(demoSeed, "demo")).toEqual(demoSeed);
});
