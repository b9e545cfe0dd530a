import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { bundleContract, isUntouchedBundle } from "../../scripts/lib/bundle-contract.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";

/** The contract lives in files by area (openapi/areas/) and is bundled into the one document everything reads. */
const openapi = join(repoRoot, "openapi");
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe("the contract's bundle", () => {
  it("is what openapi/auth-api.yaml holds, with no reference left to an area file", () => {
    const bundled = bundleContract(join(openapi, "contract.yaml"));
    expect(bundled).toBe(readFileSync(join(openapi, "auth-api.yaml"), "utf8"));
    expect(bundled).not.toContain("./areas/");
  });

  it("tells a bundle as written from one edited by hand (npm run generate then refuses to overwrite it)", () => {
    const bundled = readFileSync(join(openapi, "auth-api.yaml"), "utf8");
    expect(isUntouchedBundle(bundled)).toBe(true);
    expect(isUntouchedBundle(bundled.replace("operationId: logout", "operationId: signOut"))).toBe(false);
    expect(isUntouchedBundle(bundled.split("\n").slice(1).join("\n"))).toBe(false);
  });

  it("takes each path item and component from its area's file", () => {
    const root = parse(readFileSync(join(openapi, "contract.yaml"), "utf8")) as {
      paths: Record<string, { $ref: string }>;
    };
    const bundle = parse(readFileSync(join(openapi, "auth-api.yaml"), "utf8")) as { paths: Record<string, unknown> };
    expect(Object.keys(bundle.paths)).toEqual(Object.keys(root.paths));
    for (const [path, item] of Object.entries(root.paths)) {
      const [file] = item.$ref.split("#");
      const area = parse(readFileSync(join(openapi, file!), "utf8")) as { paths: Record<string, unknown> };
      expect(bundle.paths[path], path).toEqual(area.paths[path]);
    }
  });

  it("follows an edit made in an area file", () => {
    const copy = mkdtempSync(join(tmpdir(), "orgauth-contract-"));
    copies.push(copy);
    cpSync(openapi, copy, { recursive: true });
    const session = join(copy, "areas", "session.yaml");
    writeFileSync(session, readFileSync(session, "utf8").replace("operationId: logout", "operationId: signOut"));
    const bundle = parse(bundleContract(join(copy, "contract.yaml"))) as {
      paths: Record<string, { post: { operationId: string } }>;
    };
    expect(bundle.paths["/api/v1/logout"]!.post.operationId).toBe("signOut");
  });
});
