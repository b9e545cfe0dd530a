/**
 * The code blocks of the docs that are whole files: a fence whose info string names the file
 * (```` ```tsx file=src/main.tsx ````), so a test can write them out as a project and type-check it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One whole-file block of a doc. */
export interface DocFile {
  /** The doc, relative to the repository (`docs/vite.md`). */
  doc: string;
  /** The file the block is, relative to the doc's project. */
  path: string;
  /** The 1-based line of the opening fence. */
  line: number;
  text: string;
}

const OPENING = /^(\s*)```\w+\s+file=(\S+)\s*$/;

/** The whole-file blocks of one doc's markdown (an indented block loses its indent). */
export function docFilesOf(doc: string, markdown: string): DocFile[] {
  const lines = markdown.split("\n");
  const files: DocFile[] = [];
  for (let i = 0; i < lines.length; i++) {
    const opening = OPENING.exec(lines[i]!);
    if (!opening) continue;
    const indent = opening[1]!.length;
    const body: string[] = [];
    let end = i + 1;
    for (; end < lines.length && !/^\s*```\s*$/.test(lines[end]!); end++) body.push(lines[end]!.slice(indent));
    files.push({ doc, path: opening[2]!, line: i + 1, text: `${body.join("\n")}\n` });
    i = end;
  }
  return files;
}

/** Every whole-file block of `docs/*.md` under `root`, by doc. */
export function docFiles(root: string): Map<string, DocFile[]> {
  const byDoc = new Map<string, DocFile[]>();
  for (const name of readdirSync(join(root, "docs"))
    .filter((file) => file.endsWith(".md"))
    .sort()) {
    const files = docFilesOf(`docs/${name}`, readFileSync(join(root, "docs", name), "utf8"));
    if (files.length > 0) byDoc.set(`docs/${name}`, files);
  }
  return byDoc;
}
