/**
 * The admin UI's script: the TypeScript modules of `browser/` (type-checked and linted with the rest of the source),
 * bundled by esbuild into one file the page carries inline. From source (tests, `npm run emulator`) the bundle is
 * built on first use and kept; the package's build (tsup.config.ts) builds it once and puts the text in place of
 * this module, so the installed package needs no esbuild.
 */
import { fileURLToPath } from "node:url";

let bundled: Promise<string> | undefined;

/** Bundles `browser/main.ts` into one minified script for the page. */
export async function bundleAdminScript(): Promise<string> {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [fileURLToPath(new URL("./browser/main.ts", import.meta.url))],
    bundle: true,
    write: false,
    format: "iife",
    target: "es2022",
    minify: true,
    legalComments: "none",
    logLevel: "silent",
  });
  const text = result.outputFiles[0]?.text ?? "";
  // the script sits inside <script>…</script>: a closing tag in it would end it early
  if (/<\/script/i.test(text)) throw new Error("The admin UI's script contains </script");
  return text;
}

/** The admin UI's bundled script (built once per process). */
export function adminScript(): Promise<string> {
  bundled ??= bundleAdminScript().catch((error: unknown) => {
    bundled = undefined; // the next page load tries again (a syntax error fixed meanwhile, say)
    throw error;
  });
  return bundled;
}
