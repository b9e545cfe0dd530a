import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A new temporary data directory that already holds a fresh PGlite database: the files `ORGAUTH_PGLITE_TEMPLATE`
 * names (initdb's output, written once per run by test/support/emulator-env-setup.ts) unpacked into it, so the
 * emulator that opens it resumes that database instead of running initdb (about 3 s of CPU); an empty directory when
 * the variable is unset. For tests about what an emulator keeps across restarts, not about its first start on an empty
 * directory (test/emulator/mechanics.test.ts keeps one).
 */
export function freshDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const template = process.env.ORGAUTH_PGLITE_TEMPLATE;
  // the archive's names start with "/" (tar says it removes it): they are relative to the data directory
  if (template) execFileSync("tar", ["-xf", template, "-C", dir], { stdio: "ignore" });
  return dir;
}
