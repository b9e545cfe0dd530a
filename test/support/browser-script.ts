/** A browser test's page script: its entry module bundled by esbuild into one ES module, in memory. */
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/**
 * Bundles `entry` (a URL beside the test, e.g. `new URL("./page-entry.ts", import.meta.url)`) for the browser, as a
 * production build by default; "development" keeps the explanations orgauth ships to developers only.
 */
export async function bundleBrowserScript(
  entry: URL,
  mode: "production" | "development" = "production",
): Promise<string> {
  const bundle = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
    // React (a page that renders the React entry) and orgauth's developer messages read it
    define: { "process.env.NODE_ENV": JSON.stringify(mode) },
  });
  return bundle.outputFiles[0]!.text;
}
