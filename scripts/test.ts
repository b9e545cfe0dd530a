import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { repoRoot } from "./lib/prism.js";

/**
 * `npm test`: the whole suite, in the order CI needs it — generated code fresh, format and lint, types, contract lint,
 * package lint, then every vitest project (unit, contract on Prism, React on 19 and on 18, type tests, the adapter on
 * PGlite and PostgreSQL, browser, e2e).
 */
const CHROMIUM = "/usr/bin/chromium";

function run(title: string, command: string, args: string[]): void {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/**
 * Like `run`, for a stage whose tools talk a lot when all is well (a build's file listing, a linter's banners,
 * a type checker's table): its output is shown only when it fails.
 */
function runQuietly(title: string, command: string, args: string[]): void {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    encoding: "utf8",
    env: process.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    console.error(`✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(
      `Browser tests need Debian's Chromium at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  run("install chromium (apt-get)", "bash", [
    "-c",
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium",
  ]);
}

const bin = (name: string): string => `${repoRoot}/node_modules/.bin/${name}`;
ensureChromium();
run("generated code is up to date", bin("tsx"), ["scripts/generate.ts", "--check"]);
run("format and lint (biome ci)", bin("biome"), ["ci"]);
run("type-check (strict)", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]);
run("type-check the demo app", bin("tsc"), ["--noEmit", "-p", "example/tsconfig.json"]);
runQuietly("lint contract, build, publint, attw", "npm", ["run", "-s", "lint"]);
const extra = process.argv.slice(2);
run("vitest: unit, contract (Prism), react + react18 (jsdom + Prism, on React 19 and 18), types", bin("vitest"), [
  "run",
  "--project",
  "unit",
  "--project",
  "contract",
  "--project",
  "react",
  "--project",
  "react18",
  "--project",
  "types",
  ...extra,
]);
run("vitest: adapter (identity store on PGlite and on a throwaway PostgreSQL)", bin("vitest"), [
  "run",
  "--project",
  "adapter",
  ...extra,
]);
run(
  "vitest: fault (faults injected by a real HTTP server on 127.0.0.1, seeded fuzz of response bodies)",
  bin("vitest"),
  ["run", "--project", "fault", ...extra],
);
run("vitest: package (the packed tarball installed in a throwaway app: consumer types, tree-shaking)", bin("vitest"), [
  "run",
  "--project",
  "package",
  ...extra,
]);
run("vitest: emulator (every operation and error rule, through Prism's validating proxy)", bin("vitest"), [
  "run",
  "--project",
  "emulator",
  ...extra,
]);
// Real-browser suites run on their own, so timing-sensitive tab tests do not share the two cores with the rest.
run("vitest: browser (multi-tab, headless Chromium)", bin("vitest"), ["run", "--project", "browser", ...extra]);
run(
  "vitest: frameworks (examples/nextjs and examples/vite built from the packed tarball, in headless Chromium on the emulator)",
  bin("vitest"),
  ["run", "--project", "frameworks", ...extra],
);
run("vitest: e2e (the demo in headless Chromium)", bin("vitest"), ["run", "--project", "e2e", ...extra]);
