import { spawn } from "node:child_process";
import { join, relative } from "node:path";
import { watchTree } from "./watch-tree.js";

/** How long the watcher waits after the last change before it regenerates (an editor's save touches files in bursts). */
const DEBOUNCE_MS = 200;

/** Names under the watched folders that are the generator's own output or its temporary files, never a cause. */
const isOwnOutput = (name: string): boolean => name.endsWith("auth-api.yaml") || name.endsWith(".generating");

/**
 * `npm run generate -- --watch`: runs the generator once, then again after each change under `openapi/` and
 * `scripts/codegen/` (every directory watched, so atomic saves are seen: watch-tree.ts; debounced). Each run is a fresh process of `scripts/generate.ts` with
 * `args`, so an edited emitter is the one that runs; a failed run leaves the files as they were and the watch goes
 * on. Changes during a run queue one more run. Ctrl-C (SIGINT) or SIGTERM stops it.
 */
export function watchAndGenerate(root: string, args: string[]): void {
  const tsx = join(root, "node_modules", ".bin", "tsx");
  const folders = [join(root, "openapi"), join(root, "scripts", "codegen")];
  let running = false;
  let queued = false;
  let timer: NodeJS.Timeout | undefined;

  const run = (): void => {
    if (running) {
      queued = true;
      return;
    }
    running = true;
    const child = spawn(tsx, [join(root, "scripts", "generate.ts"), ...args], { cwd: root, stdio: "inherit" });
    child.on("exit", (code) => {
      running = false;
      if (queued) {
        queued = false;
        run();
        return;
      }
      const outcome = code === 0 ? "" : "generate failed (every file left as it was); ";
      console.log(`${outcome}watching ${folders.map((folder) => relative(root, folder)).join(", ")} for changes…`);
    });
  };

  const unwatch = folders.map((folder) =>
    watchTree(folder, (name) => {
      if (isOwnOutput(name)) return;
      clearTimeout(timer);
      timer = setTimeout(run, DEBOUNCE_MS);
    }),
  );
  const stop = (): void => {
    clearTimeout(timer);
    for (const close of unwatch) close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  run();
}
