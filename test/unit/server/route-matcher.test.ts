/** `createRouteMatcher`: Clerk-style path patterns (`(.*)`, `:name`), regular expressions, and malformed patterns. */
import { describe, expect, it } from "vitest";
import { createRouteMatcher } from "../../../src/server/index.js";

describe("createRouteMatcher", () => {
  it("matches paths of strings, URLs and requests; a malformed pattern is a typed error", () => {
    const matches = createRouteMatcher(["/app(.*)", "/orgs/:id/settings", /^\/admin\//]);
    expect(["/app", "/app/x/y", "/orgs/42/settings", "/admin/users"].map(matches)).toEqual([true, true, true, true]);
    expect(["/", "/orgs/4/2/settings", "/admin", "/pricing", "/ap"].map(matches)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(matches(new URL("https://app.example.com/app/reports?x=.*"))).toBe(true);
    expect(matches(new Request("https://app.example.com/orgs/a.b/settings"))).toBe(true);
    expect(createRouteMatcher("/a.b")("/axb")).toBe(false);
    expect(() => createRouteMatcher("app")).toThrow(expect.objectContaining({ type: "server_configuration" }));
  });

  it("a RegExp with the g or y flag matches every time, not every other time (lastIndex)", () => {
    for (const pattern of [/^\/admin/g, /\/admin/y, /admin/gi]) {
      const matches = createRouteMatcher([pattern]);
      expect(["/admin", "/admin", "/admin/x", "/admin"].map(matches)).toEqual([true, true, true, true]);
      expect(pattern.lastIndex).toBe(0);
    }
    expect(createRouteMatcher(/ADMIN/gi)("/admin")).toBe(true);
  });
});
