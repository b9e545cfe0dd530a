import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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

/** One vitest project per test layer; `npm test` runs them all. */
export default defineConfig({
  test: {
    projects: [
      {
        // the demo's modules under test import the library by its name, as the demo's Vite config resolves it
        resolve: {
          alias: [{ find: /^orgauth$/, replacement: fileURLToPath(new URL("src/index.ts", import.meta.url)) }],
        },
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "contract",
          include: ["test/contract/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/contract/prism-global-setup.ts"],
        },
      },
      {
        // the contract tests again on the lowest zod release package.json accepts (the devDependency zod-floor)
        resolve: { alias: [{ find: /^zod(?=$|\/)/, replacement: "zod-floor" }] },
        test: {
          name: "zod-floor",
          include: ["test/contract/**/*.test.ts", "test/unit/zod-floor.test.ts"],
          environment: "node",
          globalSetup: ["test/contract/prism-global-setup.ts"],
        },
      },
      {
        resolve: { alias: [reactEntryAlias] },
        test: {
          name: "react",
          include: ["test/react/**/*.test.tsx"],
          environment: "jsdom",
          globalSetup: ["test/contract/prism-global-setup.ts"],
        },
      },
      {
        resolve: { alias: react18Aliases },
        test: {
          name: "react18",
          include: ["test/react/**/*.test.tsx", "test/react18/**/*.test.tsx"],
          environment: "jsdom",
          globalSetup: ["test/contract/prism-global-setup.ts"],
          setupFiles: ["test/react18/use-react-18.ts"],
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
          include: ["test/fault/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/e2e/demo-global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "package",
          include: ["test/package/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/package/packed-app-setup.ts"],
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "frameworks",
          include: ["test/frameworks/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/frameworks/frameworks-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "adapter",
          include: ["test/adapter/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/adapter/postgres-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // the README's sample imports the package by its names
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
          ],
        },
        test: {
          name: "emulator",
          include: ["test/emulator/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/emulator/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // The provider's Next.js library imports "next/navigation" (no extension), which Node's ESM loader cannot
          // resolve in next@15 (no exports map): run it through Vite's resolver.
          server: { deps: { inline: ["@propelauth/nextjs"] } },
        },
      },
      {
        test: {
          name: "emulator-security",
          include: ["test/emulator-security/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
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
