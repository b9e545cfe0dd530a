/** A browser test's page script: its entry module bundled by esbuild into one ES module, in memory. */
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/** Bundles `entry` (a URL beside the test, e.g. `new URL("./page-entry.ts", import.meta.url)`) for the browser. */
export async function bundleBrowserScript(entry: URL): Promise<string> {
  const bundle = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
    // React (a page that renders the React entry) reads it; harmless elsewhere
    define: { "process.env.NODE_ENV": '"production"' },
  });
  return bundle.outputFiles[0]!.text;
}
