import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";

/** scrypt's N for the passwords the project's emulators hash (src/emulator/tokens/secrets.ts): cheap, still scrypt. */
const TEST_SCRYPT_N = "1024";

/**
 * The environment of a project's emulators, set in the main process before its workers start (the workers and the
 * emulators, CLIs and servers they start inherit it):
 * - `ORGAUTH_PGLITE_TEMPLATE`: initdb runs once here; a fresh in-memory PGlite's files go to a file of this run's own
 *   temporary folder, and every in-memory database of the project loads them (src/adapter/embedded.ts) instead of
 *   running initdb (about 2.5 s of CPU each);
 * - `ORGAUTH_EMULATOR_SCRYPT_N`: a cheaper scrypt cost for the passwords hashed and checked by the thousand.
 * Removed, and the variables unset, afterwards.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), "orgauth-pglite-"));
  const file = join(folder, "fresh.tar");
  const pglite = await PGlite.create();
  try {
    await writeFile(file, Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer()));
  } finally {
    await pglite.close();
  }
  process.env.ORGAUTH_PGLITE_TEMPLATE = file;
  process.env.ORGAUTH_EMULATOR_SCRYPT_N = TEST_SCRYPT_N;
  return async () => {
    delete process.env.ORGAUTH_PGLITE_TEMPLATE;
    delete process.env.ORGAUTH_EMULATOR_SCRYPT_N;
    await rm(folder, { recursive: true, force: true });
  };
}
