/** `makeDirectory`: `mkdir -p` that always ends, for the embedded database's data directory. */
import { mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * Creates `directory` and its missing parents, trying each at most once. Node's recursive mkdir retries forever
 * where the kernel answers ENOENT for a parent that exists (`/proc/…`), blocking the process silently; here the
 * first parent that cannot be made throws its own system error (code, path) instead.
 */
export function makeDirectory(directory: string): void {
  const missing: string[] = [];
  for (let path = resolve(directory); ; path = dirname(path)) {
    try {
      mkdirSync(path);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EEXIST" && (missing.length > 0 || statSync(path).isDirectory())) break;
      if (code !== "ENOENT" || dirname(path) === path) throw error;
      missing.push(path);
    }
  }
  for (const path of missing.reverse()) mkdirSync(path);
}
