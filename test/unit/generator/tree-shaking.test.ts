import { describe, expect, it } from "vitest";
import { bundle } from "../../../bench/bundle.js";

/** A bundle that uses one fetcher must not carry the validators or descriptors of any other operation. */
describe("tree-shaking", () => {
  it("keeps only the used fetcher's validators", async () => {
    const one = await bundle(
      `export { getJoinableOrgs } from "../src/generated/operations.ts"; export { createTransport } from "../src/transport/index.ts";`,
    );
    const all = await bundle(
      `export * from "../src/generated/operations.ts"; export { createTransport } from "../src/transport/index.ts";`,
    );
    const foreign = [
      "/api/fe/v3/org_api_keys",
      "new_secret",
      "sniper_links",
      "api_key_token",
      "expired_invites",
      "possible_roles",
      "login_url",
    ];
    for (const marker of foreign) {
      expect(all.code, marker).toContain(marker);
      expect(one.code, marker).not.toContain(marker);
    }
    expect(one.code).toContain("/api/fe/v3/joinable_orgs");
    expect(one.gzipBytes).toBeLessThan(all.gzipBytes);
  }, 120_000);
});
