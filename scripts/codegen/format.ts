import { spawn } from "node:child_process";
import { join } from "node:path";

/**
 * Formats one generated file with the repository's pinned Biome and its biome.json, so src/generated/ passes
 * `biome ci` and a rerun writes the same bytes. The file's name under src/generated/ picks the language and settings.
 */
export function formatGenerated(root: string, name: string, content: string): Promise<string> {
  const biome = join(root, "node_modules", ".bin", "biome");
  const path = join(root, "src", "generated", name);
  return new Promise((resolve, reject) => {
    const child = spawn(biome, ["format", `--stdin-file-path=${path}`], { cwd: root });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(stdout).toString("utf8"));
      else reject(new Error(`biome could not format ${name}:\n${Buffer.concat(stderr).toString("utf8")}`));
    });
    child.stdin.end(content);
  });
}
