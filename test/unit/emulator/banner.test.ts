/**
 * The start banner's settings to paste: the app's callback URL is on the auth URL's host name (cookies are per host);
 * its `@propelauth/node` block carries the integration API key it prints; the docs, the backend samples and the
 * examples read the variables it prints, and `orgauth/server` reads them into the banner's values.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../scripts/lib/repo-root.js";
import { serverAuthOptionsFromEnv } from "../../../src/server/index.js";
import { startBanner } from "../../../src/emulator/banner.js";
import type { RunningEmulator } from "../../../src/emulator/server.js";

/** The banner of an emulator whose auth URL is `authUrl`. */
function bannerAt(authUrl: string, host = new URL(authUrl).hostname): string {
  const emulator = {
    url: authUrl,
    authUrl,
    adminUiUrl: `${authUrl}/__emulator/ui?token=s`,
    secret: "s",
    apiKey: "key-12345678",
    tokenVerification: { verifierKey: "-----BEGIN PUBLIC KEY-----\nx\n-----END PUBLIC KEY-----\n", issuer: authUrl },
  } as RunningEmulator;
  const facts = { host, publicUrl: undefined, demoPassword: undefined, allowedOrigins: undefined };
  return startBanner(emulator, { ...facts, storage: "memory", quiet: true, version: "0.0.0" });
}

const redirectUriOf = (banner: string) => /PROPELAUTH_REDIRECT_URI=(\S+)/.exec(banner)?.[1];

describe("the start banner", () => {
  it.each([
    ["http://127.0.0.1:4020", "http://127.0.0.1:3000/api/auth/callback"],
    ["http://localhost:4020", "http://localhost:3000/api/auth/callback"],
    ["http://[::1]:4020", "http://[::1]:3000/api/auth/callback"],
  ])("at %s suggests the callback %s", (authUrl, callback) => {
    expect(redirectUriOf(bannerAt(authUrl))).toBe(callback);
  });

  it("behind a public URL keeps the app's own localhost callback", () => {
    expect(redirectUriOf(bannerAt("https://auth.example.test", "127.0.0.1"))).toBe(
      "http://localhost:3000/api/auth/callback",
    );
  });
});

/** The `NAME=value` lines of the banner's `.env` block, as an environment. */
const envOf = (banner: string): Record<string, string> =>
  Object.fromEntries(
    [...banner.matchAll(/^ {4}([A-Z_]+)=("[^"]*"|\S+)/gm)].map(([, name, value]) => [
      name!,
      value!.replace(/^"|"$/g, ""),
    ]),
  );

describe("the banner and the docs agree", () => {
  const banner = bannerAt("http://127.0.0.1:4020");

  it("prints one integration API key: the @propelauth/node block holds the key of the API key line", () => {
    const pasted = /initBaseAuth\(\{[\s\S]*?\}\);/.exec(banner)![0];
    expect(pasted).toContain('apiKey: "key-12345678"');
    expect(envOf(banner).PROPELAUTH_API_KEY).toBe("key-12345678");
    const docs = readFileSync(join(repoRoot, "docs", "emulator.md"), "utf8");
    expect(/initBaseAuth\(\{[\s\S]*?\}\);/.exec(docs)![0]).toMatch(/apiKey: "emu_…"/);
  });

  it("prints the names orgauth/server reads, with the banner's values", () => {
    const env = envOf(banner);
    expect(serverAuthOptionsFromEnv(env)).toMatchObject({
      authUrl: "http://127.0.0.1:4020",
      apiKey: "key-12345678",
      redirectUri: "http://127.0.0.1:3000/api/auth/callback",
      verifierKey: "-----BEGIN PUBLIC KEY-----\nx\n-----END PUBLIC KEY-----",
    });
  });

  it.each(["test/emulator/backend-client-sample.ts", "examples/node-api/server.ts", "examples/node-api/README.md"])(
    "%s reads only variables the banner prints",
    (file) => {
      const text = readFileSync(join(repoRoot, file), "utf8");
      const read = [...text.matchAll(/\b((?:NEXT_PUBLIC|PROPELAUTH)_[A-Z_]+)/g)].map(([name]) => name);
      expect(read.length).toBeGreaterThan(0);
      expect(read.filter((name) => !(name in envOf(banner)))).toEqual([]);
    },
  );
});
