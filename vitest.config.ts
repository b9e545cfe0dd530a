import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { onRepeatRelease, SAME_ON_EVERY_RELEASE } from "./test/support/node-repeat.js";

/**
 * The tools the tests start (jest, Next.js, Vite, npm, tsc) print as they do into a pipe, whatever colour this run's own
 * report takes (`npm test` under a terminal sets FORCE_COLOR for its stages; so may the caller): the tests read their
 * output, and a colour code inside a URL or a count hides it. Vitest has chosen its own colours by now.
 */
delete process.env.FORCE_COLOR;

/**
 * The "react18" project runs the React tests again on React 18 (the aliased devDependencies `react-18` and
 * `react-dom-18`), proving the `react: ^18 || ^19` peer range. Vite-transformed code gets React 18 through
 * `resolve.alias`; React Query and Testing Library are inlined so the alias reaches their imports too; React's
 * own CommonJS `require`s are redirected by test/react18/use-react-18.ts. test/react18/react-version.test.tsx
 * checks that every layer is on React 18. (package.json's override lets react-dom-18's React peer be met by
 * the root React 19 at install time: it never loads that copy here.)
 */
/** The bench apps the React tests render import the React entry by its name, as an app does. */
const reactEntryAlias = {
  find: /^orgauth\/react$/,
  replacement: fileURLToPath(new URL("src/react.ts", import.meta.url)),
};

const react18Aliases = [
  { find: /^react-dom(?=$|\/)/, replacement: "react-dom-18" },
  { find: /^react(?=$|\/)/, replacement: "react-18" },
  reactEntryAlias,
];

/**
 * Limits no loaded machine reaches (a 2-core machine running other jobs makes a 1 s step take 10): a test fails on
 * what it checks, not on a slow build, a slow process start or a slow browser. `expect.poll` waits up to 30 s (vitest's
 * default is 1 s: a page's answer after a server round trip misses it when three stages share two cores).
 */
const LOADED_MACHINE = { testTimeout: 180_000, hookTimeout: 300_000, expect: { poll: { timeout: 30_000 } } };

/**
 * The unit files that replace modules (`vi.mock`, `vi.resetModules`): they run in the "unit-isolated" project, one
 * fresh module graph each; every other unit file shares its worker's modules (`isolate: false`), which cut the unit
 * pass's CPU by a third.
 */
const UNIT_ISOLATED = [
  "test/unit/session/validator-stall.test.ts",
  "test/unit/session/tab-chunk.test.ts",
  "test/unit/nextjs/server-half.test.ts",
  "test/unit/nextjs/create-orgauth.test.ts",
  "test/unit/nextjs/server-config.test.ts",
  "test/unit/server/forwarded-token.test.ts",
  "test/unit/generator/compile-out.test.ts",
];

/** The unit layer's resolve options: the demo's modules under test import the library by its name. */
const unitResolve = {
  alias: [{ find: /^orgauth$/, replacement: fileURLToPath(new URL("src/index.ts", import.meta.url)) }],
};

/** One vitest project per test layer; `npm test` runs them all. */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: unitResolve,
        test: {
          name: "unit",
          ...LOADED_MACHINE,
          include: ["test/unit/**/*.test.ts"],
          // the repeat on Node 22 leaves out the files no Node release can change (test/support/node-repeat.ts)
          exclude: [...UNIT_ISOLATED, ...(onRepeatRelease ? SAME_ON_EVERY_RELEASE : [])],
          environment: "node",
          isolate: false,
        },
      },
      {
        resolve: unitResolve,
        test: { name: "unit-isolated", ...LOADED_MACHINE, include: UNIT_ISOLATED, environment: "node" },
      },
      {
        test: {
          name: "contract",
          ...LOADED_MACHINE,
          include: ["test/contract/**/*.test.ts"],
          environment: "node",
          isolate: false,
          globalSetup: ["test/contract/prism-global-setup.ts"],
        },
      },
      {
        // the contract tests again on the lowest zod release package.json accepts (the devDependency zod-floor), and the
        // server's compiled checks against that zod's verdicts (they read zod's schema definitions)
        resolve: { alias: [{ find: /^zod(?=$|\/)/, replacement: "zod-floor" }] },
        test: {
          name: "zod-floor",
          ...LOADED_MACHINE,
          include: [
            "test/contract/**/*.test.ts",
            "test/unit/zod-floor.test.ts",
            "test/unit/transport/compiled-check.test.ts",
          ],
          environment: "node",
          isolate: false,
          globalSetup: ["test/contract/prism-global-setup.ts"],
        },
      },
      {
        resolve: { alias: [reactEntryAlias] },
        test: {
          name: "react",
          ...LOADED_MACHINE,
          include: ["test/react/**/*.test.tsx"],
          environment: "jsdom",
          isolate: false,
          setupFiles: ["test/react/patient-waits.ts", "test/react/cleanup-after-each.ts"],
          globalSetup: ["test/contract/prism-global-setup.ts"],
        },
      },
      {
        resolve: { alias: react18Aliases },
        test: {
          name: "react18",
          ...LOADED_MACHINE,
          include: ["test/react/**/*.test.tsx", "test/react18/**/*.test.tsx"],
          environment: "jsdom",
          globalSetup: ["test/contract/prism-global-setup.ts"],
          // React 18 first: the patient-waits file loads Testing Library, whose requires must already find React 18
          isolate: false,
          setupFiles: [
            "test/react18/use-react-18.ts",
            "test/react/patient-waits.ts",
            "test/react/cleanup-after-each.ts",
          ],
          server: { deps: { inline: ["@tanstack/react-query", "@testing-library/react"] } },
        },
      },
      {
        test: {
          // CONTRIBUTING.md's walk-through in a copy of the repository: generate, tsc and vitest run inside it
          name: "contributing",
          include: ["test/contributing/**/*.test.ts"],
          environment: "node",
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "fault",
          ...LOADED_MACHINE,
          include: ["test/fault/**/*.test.ts"],
          environment: "node",
          // one worker's modules for every file (each starts its own fault server; none changes globals)
          isolate: false,
        },
      },
      {
        test: {
          name: "browser",
          ...LOADED_MACHINE,
          include: ["test/browser/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/support/chromium-global-setup.ts"],
          // one worker's modules for every file: the emulator's load once, in-memory PGlite from a fresh copy after the
          // second (the files change no global state)
          isolate: false,
        },
      },
      {
        test: {
          name: "e2e",
          ...LOADED_MACHINE,
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: [
            "test/support/emulator-env-setup.ts",
            "test/e2e/demo-global-setup.ts",
            "test/support/chromium-global-setup.ts",
          ],
          fileParallelism: false,
          // one worker's modules for every file (the files share no state but the demo's, reset before each test)
          isolate: false,
        },
      },
      {
        test: {
          name: "package",
          ...LOADED_MACHINE,
          include: ["test/package/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/package/packed-app-setup.ts"],
          // one worker's modules for every file (each works in its own folder of the app; none changes globals)
          isolate: false,
        },
      },
      {
        test: {
          name: "frameworks",
          ...LOADED_MACHINE,
          include: ["test/frameworks/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/support/emulator-env-setup.ts", "test/frameworks/frameworks-setup.ts"],
          // one worker's modules for every file (each file launches and closes its own Chromium; none changes globals)
          isolate: false,
        },
      },
      {
        test: {
          name: "adapter",
          ...LOADED_MACHINE,
          include: ["test/adapter/**/*.test.ts"],
          environment: "node",
          isolate: false,
          globalSetup: ["test/support/postgres-global-setup.ts"],
        },
      },
      {
        // the README's and docs/testing.md's samples import the package by its names
        resolve: {
          alias: [
            { find: /^orgauth$/, replacement: fileURLToPath(new URL("src/index.ts", import.meta.url)) },
            {
              find: /^orgauth\/testing$/,
              replacement: fileURLToPath(new URL("src/testing/index.ts", import.meta.url)),
            },
            {
              find: /^orgauth\/emulator$/,
              replacement: fileURLToPath(new URL("src/emulator/index.ts", import.meta.url)),
            },
            {
              find: /^orgauth\/server$/,
              replacement: fileURLToPath(new URL("src/server/index.ts", import.meta.url)),
            },
          ],
        },
        test: {
          name: "emulator",
          ...LOADED_MACHINE,
          include: ["test/emulator/**/*.test.ts"],
          environment: "node",
          globalSetup: [
            "test/support/emulator-env-setup.ts",
            "test/support/emulator-cli-setup.ts",
            "test/emulator/global-setup.ts",
            "test/emulator/vendor-global-setup.ts",
            "test/support/postgres-global-setup.ts",
          ],
          fileParallelism: false,
          isolate: false,
          // The provider's Next.js library imports "next/navigation" (no extension), which Node's ESM loader cannot
          // resolve in next@15 (no exports map): run it through Vite's resolver.
          server: { deps: { inline: ["@propelauth/nextjs"] } },
        },
      },
      {
        test: {
          name: "emulator-security",
          ...LOADED_MACHINE,
          include: ["test/emulator-security/**/*.test.ts"],
          environment: "node",
          isolate: false,
          globalSetup: [
            "test/support/emulator-env-setup.ts",
            "test/support/emulator-cli-setup.ts",
            "test/support/postgres-global-setup.ts",
            "test/support/chromium-global-setup.ts",
          ],
        },
      },
      {
        test: {
          name: "types",
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ["test/**/*.test-d.ts", "test/**/*.test-d.tsx"],
            tsconfig: "tsconfig.json",
          },
        },
      },
    ],
  },
});
