/**
 * An entry of the packed package loaded as an app loads it: from the throwaway app's node_modules
 * (scripts/lib/packed-app.ts), so a bench measures what users install, not `src/`.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** Imports `dist/<entry>` of the package installed in the app at `appDir` (typed by the caller, e.g. `typeof import("../src/server/index.js")`). */
export function importPacked<T>(appDir: string, entry: string): Promise<T> {
  return import(pathToFileURL(join(appDir, "node_modules", "orgauth", "dist", entry)).href) as Promise<T>;
}
