import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { VALIDATION_OFF, bundleSplit, type SplitBundle } from "../../../bench/bundle.js";
import { repoRoot } from "../../../scripts/lib/repo-root.js";

/**
 * Validators off the critical path: in an app's code-split build, zod and the generated schemas are only in chunks
 * loaded later (each operation's own chunk, and what they share), never in the initial download; the chunks the app
 * can load carry the validators of the operations it uses and no other's; with validation compiled out there is no
 * validator chunk at all.
 */
const SOURCE_ALIAS = { "orgauth/react": join(repoRoot, "src", "react.ts"), orgauth: join(repoRoot, "src", "index.ts") };
const app = readFileSync(join(repoRoot, "bench", "apps", "orgauth-app.tsx"), "utf8");

const split = (source: string, define?: Record<string, string>): Promise<SplitBundle> =>
  bundleSplit(source, { alias: SOURCE_ALIAS, ...(define ? { define } : {}) });
/** zod or a schema (the compile-out switch's accept-anything stub is neither: the session holds it for that case). */
const isValidatorCode = (input: string) =>
  input.includes("node_modules/zod/") ||
  (input.includes("src/generated/zod/") && !input.endsWith("compile-out-switch.ts"));
const carried = (bundle: SplitBundle, initial: boolean) =>
  bundle.chunks.filter((chunk) => chunk.initial === initial).flatMap((chunk) => chunk.inputs);

describe("validators in a code-split app", () => {
  it.each([
    ["one fetcher", `export { listOrgMembers, createTransport } from "orgauth";`, "OrgMemberListSchema"],
    ["the typical app", app, "OrgMemberListSchema"],
  ])(
    "%s: zod and the schemas are loaded later, never initially",
    async (_name, source, schema) => {
      const bundle = await split(source);
      expect(carried(bundle, true).filter(isValidatorCode)).toEqual([]);
      expect(carried(bundle, false).some((input) => input.includes("node_modules/zod/"))).toBe(true);
      expect(carried(bundle, false)).toContain(`src/generated/zod/${schema}.ts`);
      // esbuild assigns each module to one chunk: nothing is carried twice
      const inputs = bundle.chunks.flatMap((chunk) => chunk.inputs);
      expect(inputs.length).toBe(new Set(inputs).size);
    },
    120_000,
  );

  it("the chunks one fetcher can load carry its validators and no other operation's", async () => {
    const bundle = await split(`export { listOrgMembers, createTransport } from "orgauth";`);
    const schemas = carried(bundle, false).filter((input) => input.includes("src/generated/zod/"));
    expect(schemas.map((input) => input.replace(/^.*\/zod\//, "")).sort()).toEqual(
      ["ErrorResponseBodySchema.ts", "OrgMemberListSchema.ts", "OrgMemberSchema.ts", "compile-out-switch.ts"].sort(),
    );
    expect(carried(bundle, false).filter((input) => input.includes("src/generated/validators/"))).toEqual([
      "src/generated/validators/listOrgMembers.ts",
    ]);
  }, 120_000);

  it.each([
    ["createAuthClient alone", `export { createAuthClient } from "orgauth";`],
    ["the typical app", app],
  ])(
    "%s: the session's validators are one later chunk that imports no other (one round trip), without zod",
    async (_name, source) => {
      const bundle = await split(source);
      const session = bundle.chunks.filter((chunk) => chunk.inputs.includes("src/generated/validators/session.ts"));
      expect(session.map((chunk) => [chunk.initial, chunk.inputs])).toEqual([
        // the generated checks and the hand-written checks they are built from, which nothing else imports
        [false, ["src/transport/plain-checks.ts", "src/generated/validators/session.ts"]],
      ]);
      // an import of another chunk: `import"./x.js"` or `from"./x.js"` in esbuild's minified output
      expect(session[0]!.code).not.toMatch(/(?:\bfrom|\bimport)\s*["']\.\//);
    },
    120_000,
  );

  it("createAuthClient alone loads no zod at all", async () => {
    const bundle = await split(`export { createAuthClient } from "orgauth";`);
    expect(bundle.chunks.flatMap((chunk) => chunk.inputs).filter(isValidatorCode)).toEqual([]);
  }, 120_000);

  it("with validation compiled out, the typical app loads no validator chunk and carries no zod", async () => {
    const bundle = await split(app, VALIDATION_OFF);
    expect(bundle.chunks.filter((chunk) => !chunk.initial)).toEqual([]);
    expect(carried(bundle, true).filter((input) => input.includes("node_modules/zod/"))).toEqual([]);
  }, 120_000);
});
