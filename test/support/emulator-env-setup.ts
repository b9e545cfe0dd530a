import { existsSync, readFileSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { repoRoot } from "../../scripts/lib/repo-root.js";

/** scrypt's N for the passwords the project's emulators hash (src/emulator/tokens/secrets.ts): cheap, still scrypt. */
const TEST_SCRYPT_N = "1024";

/** The installed PGlite's release: a fresh database's files depend on nothing else. */
const pgliteVersion = (): string =>
  (
    JSON.parse(readFileSync(join(repoRoot, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8")) as {
      version: string;
    }
  ).version;

/**
 * A fresh database's files (initdb's output, as `dumpDataDir` writes them) for the installed PGlite, kept in
 * `node_modules/.cache`: the first project of a run that needs them runs initdb (about 4 s of CPU), the others and
 * later runs read the file. Written under a name of its own and renamed, so projects starting side by side never read
 * half a file.
 */
async function freshDatabaseFiles(): Promise<string> {
  const cache = join(repoRoot, "node_modules", ".cache");
  const file = join(cache, `orgauth-pglite-${pgliteVersion()}-fresh.tar`);
  if (existsSync(file)) return file;
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create();
  try {
    await mkdir(cache, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer()));
    await rename(partial, file);
  } finally {
    await pglite.close();
  }
  return file;
}

/**
 * The environment of a project's emulators, set in the main process before its workers start (the workers and the
 * emulators, CLIs and servers they start inherit it):
 * - `ORGAUTH_PGLITE_TEMPLATE`: a fresh in-memory PGlite's files (`freshDatabaseFiles`): every in-memory database of
 *   the project loads them (src/adapter/embedded.ts) instead of running initdb (about 2.5 s of CPU each);
 * - `ORGAUTH_EMULATOR_SCRYPT_N`: a cheaper scrypt cost for the passwords hashed and checked by the thousand.
 * The variables are unset afterwards.
 */
export default async function setup(): Promise<() => void> {
  process.env.ORGAUTH_PGLITE_TEMPLATE = await freshDatabaseFiles();
  process.env.ORGAUTH_EMULATOR_SCRYPT_N = TEST_SCRYPT_N;
  return () => {
    delete process.env.ORGAUTH_PGLITE_TEMPLATE;
    delete process.env.ORGAUTH_EMULATOR_SCRYPT_N;
  };
}
