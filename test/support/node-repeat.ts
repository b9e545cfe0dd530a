/**
 * Whether this vitest run is the unit stage's repeat on another Node release (`scripts/lib/node-release.ts` sets
 * ORGAUTH_NODE_RELEASE). A test whose outcome cannot depend on the Node release running vitest — a TypeScript
 * type-check, a command run through its `#!/usr/bin/env node` line (the PATH's Node, the same as the first run's) —
 * skips the repeat: it would prove again, on the same Node, what the first run proved.
 */
export const onRepeatRelease: boolean = process.env.ORGAUTH_NODE_RELEASE !== undefined;

/**
 * The unit files the repeat leaves out whole: each checks the repository's own files — docs, the contract and what
 * the generator emits from it, configuration, the import graph, what esbuild or Rollup bundles — by reading and
 * comparing text, with no runtime API whose behaviour differs between Node releases (no server, fetch, timer, crypto,
 * file watcher or `vm` context). Every file that runs the library's code on a platform API stays in the repeat, and so
 * does the platform-API check (the jsdom window it probes is a `vm` context of the running V8).
 */
export const SAME_ON_EVERY_RELEASE: string[] = [
  // docs and configuration against the tree
  "test/unit/contributing-lists.test.ts",
  "test/unit/doc-samples.test.ts",
  "test/unit/docs-index.test.ts",
  "test/unit/emulator-install-line.test.ts",
  "test/unit/emulator/admin-api-doc.test.ts",
  "test/unit/emulator/cli-flags-doc.test.ts",
  "test/unit/emulator/settings-doc.test.ts",
  "test/unit/engines.test.ts",
  "test/unit/lint-stage-doc.test.ts",
  "test/unit/migration-guide.test.ts",
  "test/unit/migration-guide-backend.test.ts",
  "test/unit/migration-guide-express.test.ts",
  "test/unit/node-repeat.test.ts",
  "test/unit/public-doc-comments.test.ts",
  "test/unit/readme-emulator-sample.test.ts",
  "test/unit/test-stages.test.ts",
  "test/unit/zod-floor.test.ts",
  // the contract and the generator's output
  "test/unit/contract-bundle.test.ts",
  "test/unit/contract-lint.test.ts",
  "test/unit/demo/scenarios.test.ts",
  "test/unit/seed-schema.test.ts",
  "test/unit/generator/contract-not-mutated.test.ts",
  "test/unit/generator/error-responses.test.ts",
  "test/unit/generator/generate.test.ts",
  "test/unit/generator/invalidation.test.ts",
  "test/unit/generator/model.test.ts",
  "test/unit/generator/operations-emitter.test.ts",
  "test/unit/generator/parameter-style.test.ts",
  // the import graph and bundles' contents
  "test/unit/adapter-boundary.test.ts",
  "test/unit/import-cycles.test.ts",
  "test/unit/layers.test.ts",
  "test/unit/production-messages.test.ts",
  "test/unit/generator/split-validators.test.ts",
  "test/unit/generator/tree-shaking.test.ts",
  "test/unit/zod-rollup-warnings.test.ts",
];
