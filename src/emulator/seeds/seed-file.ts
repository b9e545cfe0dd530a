/** Reading and writing seed files: `--seed FILE` (checked, with the file's name in every message) and exports. */
import { chmod, readFile, stat, writeFile } from "node:fs/promises";
import type { EmulatorSeed } from "./seed.js";
import { MAX_SEED_FILE_BYTES, seedSizeProblem } from "./seed-limits.js";
import { parseSeed, SeedError } from "./seed-validate.js";

const unreadable = (path: string, error: unknown) =>
  new SeedError(
    path,
    [`(root): the file cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`],
    undefined,
    {
      cause: error,
    },
  );

/**
 * Reads and checks a seed file; throws SeedError (the file's name and each problem's JSON path) when it is not one.
 * A file over `maxBytes` (MAX_SEED_FILE_BYTES, 64 MiB) is refused before it is read.
 */
export async function readSeedFile(path: string, maxBytes: number = MAX_SEED_FILE_BYTES): Promise<EmulatorSeed> {
  let text: string;
  try {
    const tooBig = seedSizeProblem((await stat(path)).size, maxBytes);
    if (tooBig) throw new SeedError(path, [tooBig]);
    text = await readFile(path, "utf8");
  } catch (error) {
    if (error instanceof SeedError) throw error;
    throw unreadable(path, error);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SeedError(path, [`(root): not JSON (${(error as Error).message})`], undefined, { cause: error });
  }
  return parseSeed(json, path);
}

/**
 * Writes a seed as a file (two-space JSON, a final newline), readable by its owner only (0600): it holds password
 * hashes and MFA secrets. An existing file gets the same mode.
 */
export async function writeSeedFile(path: string, seed: EmulatorSeed): Promise<void> {
  await writeFile(path, `${JSON.stringify(seed, null, 2)}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
}
