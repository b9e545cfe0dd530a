import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * Applies a set of file changes all together or not at all, as far as a file system allows: every new content is
 * first written to a temporary file beside its target (same folder, so the swap is a rename, never a copy); only
 * when all of them are written are they renamed over their targets, then the files to remove are removed. A failed
 * write removes the temporary files and leaves every target as it was.
 */
export async function replaceFiles(
  writes: ReadonlyMap<string, string>,
  removals: readonly string[] = [],
): Promise<void> {
  const staged: [temporary: string, target: string][] = [];
  try {
    for (const [target, content] of writes) {
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.generating`;
      staged.push([temporary, target]);
      await writeFile(temporary, content);
    }
  } catch (error) {
    await Promise.all(staged.map(([temporary]) => rm(temporary, { force: true })));
    throw error;
  }
  for (const [temporary, target] of staged) await rename(temporary, target);
  for (const path of removals) await rm(path, { force: true });
}
