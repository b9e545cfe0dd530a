import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (scripts, tests and benches resolve their files from it). */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
