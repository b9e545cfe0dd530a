import { describe, expect, inject, it } from "vitest";
import { bundle, bundleSplit } from "../../bench/bundle.js";

/**
 * What `createAuthClient` alone bundles from the packed package: refresh, store and timers, and nothing an app
 * must call for: no cross-tab coordination (passed in as `tabs: tabSync`), no hosted-page builders
 * (`getHostedPageUrls`), no fe/v3 transport (`getAuthTransport`). Each marker is checked both ways: absent from the
 * core, present in a bundle that uses the function.
 */
const appDir = inject("packedAppDir");
const fromPackage = (code: string) => bundle(code, { resolveDir: appDir });

const MARKERS = {
  tabs: "orgauth:tabs:", // the tab-presence map's storage key
  hostedPages: "/create_org", // a hosted page's path
  transport: "not a dot segment", // the fe/v3 transport's path-parameter check
} as const;

const found = (code: string) =>
  Object.entries(MARKERS)
    .filter(([, marker]) => code.includes(marker))
    .map(([part]) => part);

describe("createAuthClient bundled from the packed package", () => {
  it("carries the session core only", async () => {
    const core = await fromPackage(`export { createAuthClient } from "orgauth";`);
    expect(found(core.code)).toEqual([]);
    expect(core.code).toContain("/api/v1/refresh_token");
  });

  it("carries each part once the app uses it", async () => {
    const all = await fromPackage(
      `export { createAuthClient, tabSync, getHostedPageUrls, getAuthTransport } from "orgauth";`,
    );
    expect(found(all.code)).toEqual(Object.keys(MARKERS));
  });
});

/**
 * Text only the session engine carries (what follows the first refresh: retries, logout, the clock offset, the
 * background check's renewal), never the first load's.
 */
const ENGINE_MARKERS = ["refresh_retry", "/api/v1/logout", "token_iat", "active_org_changed"];

describe("createAuthClient's first load from the packed package", () => {
  it("carries the first refresh and not the engine, which is one later chunk importing none", async () => {
    const split = await bundleSplit(`export { createAuthClient } from "orgauth";`, { resolveDir: appDir });
    const initial = split.chunks.filter((chunk) => chunk.initial);
    const later = split.chunks.filter((chunk) => !chunk.initial);
    expect(initial.map((chunk) => ENGINE_MARKERS.filter((marker) => chunk.code.includes(marker)))).toEqual([[]]);
    expect(initial[0]!.code).toContain("/api/v1/refresh_token");
    const engine = later.filter((chunk) => ENGINE_MARKERS.every((marker) => chunk.code.includes(marker)));
    expect(engine).toHaveLength(1);
    // an import of another chunk: `import"./x.js"` or `from"./x.js"` in esbuild's minified output
    expect(engine[0]!.code).not.toMatch(/(?:\bfrom|\bimport)\s*["']\.\//);
  });
});
