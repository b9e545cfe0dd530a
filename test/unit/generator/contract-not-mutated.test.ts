import { describe, expect, it } from "vitest";
import { loadContract } from "../../../scripts/codegen/contract.js";
import { emitSchemaTypes } from "../../../scripts/codegen/emit-schema-types.js";
import { generateAll } from "../../../scripts/generate.js";
import { repoRoot } from "../../../scripts/lib/repo-root.js";
import * as v from "../../../src/generated/zod.js";

/** The emitters share one parsed contract; none may change it under the others (openapi-typescript rewrites `const`). */
const contractPath = `${repoRoot}/openapi/auth-api.yaml`;

/** Generated while the file loads (no test limit applies: a loaded machine takes several seconds). */
const files = await generateAll();

describe("the shared contract document", { timeout: 120_000 }, () => {
  it("is left as written by the schema-types emitter", async () => {
    const contract = await loadContract(contractPath);
    const before = structuredClone(contract.document);
    await emitSchemaTypes(contract.document);
    expect(contract.document).toEqual(before);
  });

  it("so the security-status discriminant is emitted as literals", () => {
    // every validator, one module each under zod/
    const zod = Object.keys(files)
      .filter((name) => name.startsWith("zod/"))
      .map((name) => files[name])
      .join("\n");
    expect(zod).toContain(`type: /* @__PURE__ */ z.literal("Enabled")`);
    expect(zod).toContain(`type: /* @__PURE__ */ z.literal("Disabled")`);
    expect(zod).not.toMatch(/z\.enum\(\["(?:Enabled|Disabled)"\]\)/);
    expect(
      v.SecurityStatusSchema.safeParse({ type: "Disabled", mfa_enabled: false, new_secret: "S", new_qr: "Q" }).success,
    ).toBe(true);
    expect(
      v.SecurityStatusSchema.safeParse({ type: "Enabled", mfa_enabled: false, new_secret: "S", new_qr: "Q" }).success,
    ).toBe(false);
  });
});
