import { describe, expect, inject, it } from "vitest";
import { bundle } from "../../bench/bundle.js";

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
