import { defineConfig } from "vitest/config";

/** One vitest project per test layer; `npm test` runs them all. */
export default defineConfig({
  test: {
    projects: [
      {
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
        test: {
          name: "react",
          include: ["test/react/**/*.test.tsx"],
          environment: "jsdom",
          globalSetup: ["test/contract/prism-global-setup.ts"],
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
