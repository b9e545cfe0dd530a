/**
 * orgauth/nextjs's configuration from the environment: `NEXT_PUBLIC_AUTH_URL` set only when the app was built works
 * (Next.js inlines `process.env.NEXT_PUBLIC_AUTH_URL` where the code names it so: esbuild's `define` does the same
 * here), and a configuration with variables missing is one error in the log naming them all, however many requests
 * meet it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { repoRoot } from "../../../scripts/lib/repo-root.js";
import { API_KEY, ISSUER, REDIRECT_URI } from "../server/fake-auth-host.js";

const VARIABLES = ["NEXT_PUBLIC_AUTH_URL", "PROPELAUTH_AUTH_URL", "PROPELAUTH_API_KEY", "PROPELAUTH_REDIRECT_URI"];

beforeEach(() => {
  for (const name of [...VARIABLES, "PROPELAUTH_VERIFIER_KEY"]) vi.stubEnv(name, undefined);
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("the server session from the environment", () => {
  it("uses the NEXT_PUBLIC_AUTH_URL Next.js inlined at build time when the server has none", async () => {
    const cache = join(repoRoot, "node_modules", ".cache");
    mkdirSync(cache, { recursive: true }); // a fresh npm ci has none yet
    const dir = mkdtempSync(join(cache, "server-config-"));
    try {
      const outfile = join(dir, "server-config.mjs");
      await build({
        entryPoints: [join(repoRoot, "src", "nextjs", "server-config.ts")],
        bundle: true,
        platform: "node",
        format: "esm",
        outfile,
        logLevel: "silent",
        define: { "process.env.NEXT_PUBLIC_AUTH_URL": JSON.stringify(ISSUER) },
      });
      writeFileSync(join(dir, "package.json"), "{}");
      vi.stubEnv("PROPELAUTH_API_KEY", API_KEY);
      vi.stubEnv("PROPELAUTH_REDIRECT_URI", REDIRECT_URI);
      const built = (await import(
        pathToFileURL(outfile).href
      )) as typeof import("../../../src/nextjs/server-config.js");
      const login = await built
        .getServerAuth()
        .handleAuthRoute(new Request(`${REDIRECT_URI.replace("callback", "login")}`));
      expect(login.headers.get("location")).toMatch(new RegExp(`^${ISSUER}/`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("logs one error naming every missing variable, on first use only", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { getServerAuth } = await import("../../../src/nextjs/server-config.js");
    const { ServerConfigurationError } = await import("../../../src/transport/server-transport.js");
    for (let request = 0; request < 3; request++) expect(() => getServerAuth()).toThrow(ServerConfigurationError);
    expect(logged).toHaveBeenCalledOnce();
    const message = String(logged.mock.calls[0]?.[0]);
    for (const name of VARIABLES) expect(message).toContain(name);
  });

  it("names only what is missing", async () => {
    vi.stubEnv("PROPELAUTH_API_KEY", API_KEY);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { getServerAuth } = await import("../../../src/nextjs/server-config.js");
    expect(() => getServerAuth()).toThrow(/NEXT_PUBLIC_AUTH_URL \(or PROPELAUTH_AUTH_URL\), PROPELAUTH_REDIRECT_URI/);
    expect(String(logged.mock.calls[0]?.[0])).not.toContain("PROPELAUTH_API_KEY");
  });
});
