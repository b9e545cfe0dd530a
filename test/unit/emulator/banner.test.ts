/** The start banner's settings to paste: the app's callback URL is on the auth URL's host name (cookies are per host). */
import { describe, expect, it } from "vitest";
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
