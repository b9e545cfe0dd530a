import { type Dirent, type FSWatcher, readdirSync, watch } from "node:fs";
import { join, relative } from "node:path";

/**
 * Watches every directory under `root` (not its files): an editor's atomic save (`sed -i`, write-and-rename) replaces
 * a file's inode, which a watch on the file (what node's recursive `fs.watch` sets on Linux) stops seeing, while the
 * directory's watch sees the rename and every later edit. A directory that appears is watched too. `onChange` gets
 * the changed path relative to `root`. Returns the function that stops watching.
 */
export function watchTree(root: string, onChange: (path: string) => void): () => void {
  const watchers = new Map<string, FSWatcher>();
  const arm = (dir: string): void => {
    if (watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (event, name) => {
        if (event === "rename") armBelow(dir);
        onChange(relative(root, name ? join(dir, name) : dir));
      });
    } catch {
      return; // gone again before it could be watched
    }
    watcher.on("error", () => {
      watcher.close();
      watchers.delete(dir);
    });
    watchers.set(dir, watcher);
    armBelow(dir);
  };
  const armBelow = (dir: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) if (entry.isDirectory()) arm(join(dir, entry.name));
  };
  arm(root);
  return () => {
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}
