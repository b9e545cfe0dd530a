import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { repoRoot } from "./repo-root.js";

/**
 * Which file under openapi/areas/ defines each path of the contract ("openapi/areas/orgs.yaml"), read now, so a
 * message about an operation can name the file to edit.
 */
export function areaFilesByPath(root: string = repoRoot): Map<string, string> {
  const dir = join(root, "openapi", "areas");
  const byPath = new Map<string, string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".yaml"))) {
    const area = parse(readFileSync(join(dir, file), "utf8")) as { paths?: Record<string, unknown> } | null;
    for (const path of Object.keys(area?.paths ?? {})) byPath.set(path, `openapi/areas/${file}`);
  }
  return byPath;
}
