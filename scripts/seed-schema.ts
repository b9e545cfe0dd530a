import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { seedJsonSchema } from "../src/emulator/seeds/seed-schema.js";
import { formatGenerated } from "./codegen/format.js";

/**
 * `tsx scripts/seed-schema.ts`: writes src/emulator/seeds/seed.schema.json (the seed format's JSON Schema, for editors)
 * from the zod schema, formatted by Biome; `--check` writes nothing and exits 1 when the file is stale.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Where the schema is checked in. */
export const SEED_SCHEMA_PATH = join(root, "src", "emulator", "seeds", "seed.schema.json");

/** The file's content: the JSON Schema as Biome formats JSON. */
export const seedSchemaText = (): Promise<string> =>
  formatGenerated(root, "seed.schema.json", JSON.stringify(seedJsonSchema()));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [current, wanted] = await Promise.all([readFile(SEED_SCHEMA_PATH, "utf8").catch(() => null), seedSchemaText()]);
  if (current === wanted) console.log("src/emulator/seeds/seed.schema.json is up to date.");
  else if (process.argv.includes("--check")) {
    console.error("src/emulator/seeds/seed.schema.json is stale: run `npx tsx scripts/seed-schema.ts` and commit it.");
    process.exit(1);
  } else {
    await writeFile(SEED_SCHEMA_PATH, wanted);
    console.log("Wrote src/emulator/seeds/seed.schema.json.");
  }
}
