/**
 * `generate --watch`'s watcher keeps seeing a file after it was saved by rename (`sed -i`, an editor's atomic save),
 * sees in-place edits after that, and files in a directory made while it watches.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { watchTree } from "../../../scripts/lib/watch-tree.js";

let stop: (() => void) | undefined;
let root: string | undefined;
afterEach(() => {
  stop?.();
  if (root) rmSync(root, { recursive: true, force: true });
});

it("sees an atomic save, the in-place edits after it, and a new folder's files", async () => {
  root = mkdtempSync(join(tmpdir(), "orgauth-watch-"));
  const dir = root;
  mkdirSync(join(dir, "areas"));
  const file = join(dir, "areas", "orgs.yaml");
  writeFileSync(file, "a: 1\n");
  const seen: string[] = [];
  stop = watchTree(dir, (path) => seen.push(path));
  const changeOf = async (change: () => void, path: string) => {
    seen.length = 0;
    change();
    await expect.poll(() => seen, { timeout: 20_000 }).toContain(path);
  };
  await changeOf(
    () => {
      writeFileSync(`${file}.tmp`, "a: 2\n");
      renameSync(`${file}.tmp`, file);
    },
    join("areas", "orgs.yaml"),
  );
  await changeOf(() => writeFileSync(file, "a: 3\n"), join("areas", "orgs.yaml"));
  await changeOf(() => writeFileSync(file, "a: 4\n"), join("areas", "orgs.yaml"));
  await changeOf(() => mkdirSync(join(dir, "new")), "new");
  await changeOf(() => writeFileSync(join(dir, "new", "x.yaml"), "x: 1\n"), join("new", "x.yaml"));
});
