/**
 * `scripts/emulator.ts` (the `npm run emulator` entry) bundled once per project by esbuild, so that the CLIs its
 * tests start by the dozen (test/emulator/run-cli.ts) each load one compiled file instead of running every TypeScript
 * module through tsx's loader (about 1 s of CPU less per start). Packages stay imports of `node_modules`; a module
 * that reads `import.meta.url` gets its own source file's URL, as under tsx.
 */
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import { repoRoot } from "../../scripts/lib/repo-root.js";

/** Keeps `import.meta.url` pointing at each source module (the admin UI bundles its browser files from there). */
const sourceLocations: Plugin = {
  name: "source-locations",
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const text = await readFile(path, "utf8");
      const url = JSON.stringify(pathToFileURL(path).href);
      return { contents: text.replaceAll("import.meta.url", url), loader: "ts" };
    });
  },
};

/**
 * Bundles the CLI into a new folder under `node_modules/.cache` (where its packages resolve) and names it in
 * `ORGAUTH_TEST_EMULATOR_CLI` for the workers; removes both afterwards.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const cache = join(repoRoot, "node_modules", ".cache");
  await mkdir(cache, { recursive: true });
  const folder = await mkdtemp(join(cache, "orgauth-emulator-cli-"));
  const file = join(folder, "emulator.mjs");
  await build({
    entryPoints: [join(repoRoot, "scripts", "emulator.ts")],
    outfile: file,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
    plugins: [sourceLocations],
  });
  process.env.ORGAUTH_TEST_EMULATOR_CLI = file;
  return async () => {
    delete process.env.ORGAUTH_TEST_EMULATOR_CLI;
    await rm(folder, { recursive: true, force: true });
  };
}
