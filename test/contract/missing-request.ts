/**
 * The one message for an operation of the contract that the tests cannot call yet: it names the operation, the
 * area file that defines it and the file that holds the calls (instead of "call is not a function" in every test).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../scripts/lib/repo-root.js";

/** The `openapi/areas/` file whose text defines `operationId`, or the bundle when none does. */
function areaFileOf(operationId: string): string {
  const dir = join(repoRoot, "openapi", "areas");
  const file = readdirSync(dir).find((name) =>
    new RegExp(`operationId:\\s*${operationId}\\s*$`, "m").test(readFileSync(join(dir, name), "utf8")),
  );
  return file ? `openapi/areas/${file}` : "openapi/auth-api.yaml";
}

/** The failure line of an operation without a valid call in `callsFile`. */
export function missingRequestLine(operationId: string, callsFile: string): string {
  return `${operationId} (${areaFileOf(operationId)}) has no valid request: add its row to ${callsFile}`;
}
