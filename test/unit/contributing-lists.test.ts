/**
 * CONTRIBUTING.md's file lists against the tree, both ways: the generated-files list names every entry of
 * src/generated/ and nothing else (with emitters that exist), and the layout names every folder of src/ and every
 * room of the emulator, each path it names existing.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const contributing = readFileSync(join(ROOT, "CONTRIBUTING.md"), "utf8");

/** The entries of a folder as a list names them: files as they are, folders with a trailing slash. */
function entriesOf(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true })
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
    .sort();
}

/** The lines between `<!-- name:start -->` and `<!-- name:end -->`. */
function markedLines(name: string): string[] {
  const start = contributing.indexOf(`<!-- ${name}:start -->`);
  const end = contributing.indexOf(`<!-- ${name}:end -->`);
  expect(start, `CONTRIBUTING.md marks its ${name} list`).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  return contributing.slice(start, end).split("\n").slice(1).filter(Boolean);
}

/** The first path of each line of the Layout block; an indented line is a room of the last unindented folder. */
function layoutPaths(): string[] {
  const block = /## Layout\s+```\n([\s\S]*?)```/.exec(contributing);
  expect(block, "CONTRIBUTING.md has a Layout block").not.toBeNull();
  let parent = "";
  return block![1]!
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const path = line.trim().split(/\s+/)[0]!;
      if (!line.startsWith(" ")) parent = path;
      return line.startsWith(" ") ? `${parent}${path}` : path;
    });
}

describe("CONTRIBUTING.md's file lists", () => {
  it("the generated-files list is src/generated/'s entries, each with an emitter that exists", () => {
    const lines = markedLines("generated-files");
    const listed = lines.map((line) => /^- `([^`]+)`/.exec(line)?.[1]);
    expect(listed).not.toContain(undefined);
    expect([...listed].sort()).toEqual(entriesOf("src/generated"));
    const emitters = lines.flatMap((line) => [...line.matchAll(/`(emit-[\w-]+\.ts)`/g)].map((match) => match[1]!));
    expect(emitters.length).toBeGreaterThanOrEqual(lines.length);
    expect(emitters.filter((emitter) => !existsSync(join(ROOT, "scripts", "codegen", emitter)))).toEqual([]);
  });

  it("the layout names every folder of src/ and every room of the emulator, and only paths that exist", () => {
    const paths = layoutPaths();
    expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
    const folders = (parent: string) =>
      entriesOf(parent)
        .filter((entry) => entry.endsWith("/"))
        .map((entry) => `${parent}/${entry}`);
    const missing = [...folders("src"), ...folders("src/emulator")].filter((folder) => !paths.includes(folder));
    expect(missing).toEqual([]);
  });
});
