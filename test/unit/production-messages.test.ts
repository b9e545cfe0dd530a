/**
 * Developer explanations (the loopback host-name warning, the login-failure diagnosis) ship in development
 * builds only: an app's production bundle (`process.env.NODE_ENV` "production", as Vite, Next.js and esbuild's
 * minified browser builds set it) carries the cause codes and short sentences instead.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundle } from "../../bench/bundle.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";

const EXPLANATIONS = [
  "Both name this machine",
  "browsers keep cookies apart per host name",
  "treats its session cookie as a third-party cookie",
  "the session still cannot be read from",
];

const appOf = (mode: string) =>
  bundle(readFileSync(join(repoRoot, "bench", "apps", "orgauth-session-app.tsx"), "utf8"), {
    resolveDir: repoRoot,
    alias: { "orgauth/react": "./src/react.ts", orgauth: "./src/index.ts" },
    define: { "process.env.NODE_ENV": JSON.stringify(mode) },
  });

describe("developer messages", () => {
  it("are in a development bundle and not in a production one, whose cause codes stay", async () => {
    const [development, production] = await Promise.all([appOf("development"), appOf("production")]);
    for (const text of EXPLANATIONS) {
      expect(development.code, text).toContain(text);
      expect(production.code, text).not.toContain(text);
    }
    for (const cause of ["host_name_mismatch", "third_party_cookies", "session_not_readable"])
      expect(production.code, cause).toContain(cause);
    expect(production.gzipBytes).toBeLessThan(development.gzipBytes);
  });
});
