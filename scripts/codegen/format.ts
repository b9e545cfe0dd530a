import { spawn } from "node:child_process";
import { join } from "node:path";

/**
 * Formats one generated file with the repository's pinned Biome and its biome.json, so src/generated/ passes
 * `biome ci` and a rerun writes the same bytes. The file's name under src/generated/ picks the language and settings.
 */
export function formatGenerated(root: string, name: string, content: string): Promise<string> {
  return formatAt(root, join("src", "generated", name), content);
}

/** Formats a generated file as Biome would at `path` (relative to the repository root), e.g. one outside src/generated/. */
export function formatAt(root: string, path: string, content: string): Promise<string> {
  const biome = join(root, "node_modules", ".bin", "biome");
  return new Promise((resolve, reject) => {
    const child = spawn(biome, ["format", `--stdin-file-path=${join(root, path)}`], { cwd: root });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(stdout).toString("utf8"));
      else reject(new Error(`biome could not format ${path}:\n${Buffer.concat(stderr).toString("utf8")}`));
    });
    child.stdin.end(content);
  });
}

/**
 * Formats many small files with one Biome run (a process per file would cost more than the formatting): joined
 * with a marker line before each, formatted as the first file, split again. Biome formats top-level statements
 * one by one, so each part comes out as it would alone.
 */
export async function formatGeneratedTogether(
  root: string,
  files: Record<string, string>,
): Promise<Record<string, string>> {
  const names = Object.keys(files);
  if (!names.length) return {};
  const joined = names.map((name) => `${FILE_MARKER}${name}\n${files[name]}`).join("\n");
  const parts = (await formatGenerated(root, names[0]!, joined)).split(FILE_MARKER).slice(1);
  return Object.fromEntries(
    parts.map((part) => {
      const newline = part.indexOf("\n");
      return [part.slice(0, newline), part.slice(newline + 1).replace(/\n+$/, "\n")];
    }),
  );
}

const FILE_MARKER = "// generated-file: ";
