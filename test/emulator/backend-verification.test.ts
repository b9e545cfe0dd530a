import { rmSync } from "node:fs";
import { initBaseAuth } from "@propelauth/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/prism.js";
import { DEMO_IDS, DEMO_PASSWORD, demoSeed, type RunningEmulator, startEmulator } from "../../src/emulator/index.js";
import { freshDataDir } from "../support/fresh-data-dir.js";

/**
 * An app's backend trusts the emulator's tokens: the provider's own backend library (`@propelauth/node`), configured
 * as its documentation says for a provider it cannot reach — the auth URL, and `manualTokenVerificationMetadata`
 * with the PEM public key and the auth URL as issuer — verifies user and org tokens, reads every claim the user has,
 * and keeps doing so across a restart of the emulator on the same data directory.
 */
const dataDir = freshDataDir("orgauth-backend-");
let port: number;
let emulator: RunningEmulator;

const start = () => startEmulator({ seed: demoSeed, dataDir, port });

/** A backend configured from what the emulator serves, as an app's backend would be. */
async function backendFor(authUrl: string) {
  const verifierKey = await (await fetch(`${authUrl}/.well-known/verifier-key.pem`)).text();
  return initBaseAuth({
    authUrl,
    apiKey: "not-used-for-local-verification",
    manualTokenVerificationMetadata: { verifierKey, issuer: authUrl },
  });
}

/** Logs in with a password and fetches a user token and an org token (Globex, where Ada is a Member with Billing). */
async function tokensOf(url: string) {
  const login = await fetch(`${url}/api/fe/v3/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
    body: JSON.stringify({ email: "ada@acme.example", password: DEMO_PASSWORD }),
  });
  const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
  const refresh = async (query = "") =>
    (
      (await (await fetch(`${url}/api/v1/refresh_token${query}`, { headers: { Cookie: cookie } })).json()) as {
        access_token: string;
      }
    ).access_token;
  return { user: await refresh(), org: await refresh(`?active_org_id=${DEMO_IDS.globex}`) };
}

beforeAll(async () => {
  port = await freePort();
  emulator = await start();
});
afterAll(async () => {
  await emulator?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the provider's backend library verifies the emulator's tokens", () => {
  it("reads a user token: ids, names, org memberships and how the user logged in", async () => {
    const backend = await backendFor(emulator.authUrl);
    const user = await backend.validateAccessTokenAndGetUser(`Bearer ${(await tokensOf(emulator.url)).user}`);
    expect(user).toMatchObject({
      userId: DEMO_IDS.ada,
      email: "ada@acme.example",
      firstName: "Ada",
      lastName: "Lovelace",
      username: "ada",
      loginMethod: { loginMethod: "password" },
    });
    expect(user.properties).toBeUndefined();
    expect(user.orgIdToOrgMemberInfo?.[DEMO_IDS.acme]?.userAssignedRole).toBe("Owner");
    expect(user.orgIdToOrgMemberInfo?.[DEMO_IDS.globex]?.userAssignedAdditionalRoles).toEqual(["Billing"]);
  });

  it("reads an org token: the active org only, with the role and permission checks", async () => {
    const backend = await backendFor(emulator.authUrl);
    const header = `Bearer ${(await tokensOf(emulator.url)).org}`;
    const { user, orgMemberInfo } = await backend.validateAccessTokenAndGetUserWithOrgInfoWithPermission(
      header,
      { orgId: DEMO_IDS.globex },
      "can_manage_billing",
    );
    expect(user.activeOrgId).toBe(DEMO_IDS.globex);
    expect(Object.keys(user.orgIdToOrgMemberInfo ?? {})).toEqual([DEMO_IDS.globex]);
    expect(orgMemberInfo).toMatchObject({ orgId: DEMO_IDS.globex, orgName: "Globex Corporation" });
    expect(orgMemberInfo.isRole("Member")).toBe(true);
    await expect(
      backend.validateAccessTokenAndGetUserWithOrgInfoWithMinimumRole(header, { orgId: DEMO_IDS.globex }, "Admin"),
    ).rejects.toThrow();
    await expect(backend.validateAccessTokenAndGetUserWithOrgInfo(header, { orgId: DEMO_IDS.acme })).rejects.toThrow();
  });

  it("carries the user's properties when the project includes them in tokens", async () => {
    await emulator.configure({ userPropertiesInTokens: true });
    try {
      const backend = await backendFor(emulator.authUrl);
      const user = await backend.validateAccessTokenAndGetUser(`Bearer ${(await tokensOf(emulator.url)).user}`);
      expect(user.properties).toEqual({ favorite_color: "teal", plan_tier: "pro" });
    } finally {
      await emulator.configure({ userPropertiesInTokens: false });
    }
  });

  it("refuses a token from a foreign issuer: the check is not vacuous", async () => {
    const verifierKey = await (await fetch(`${emulator.url}/.well-known/verifier-key.pem`)).text();
    const other = initBaseAuth({
      authUrl: "https://auth.example.com",
      apiKey: "x",
      manualTokenVerificationMetadata: { verifierKey, issuer: "https://auth.example.com" },
    });
    await expect(
      other.validateAccessTokenAndGetUser(`Bearer ${(await tokensOf(emulator.url)).user}`),
    ).rejects.toThrow();
  });

  it("keeps verifying after a restart on the same data directory: same key, same issuer, old tokens still good", async () => {
    const backend = await backendFor(emulator.authUrl);
    const before = await tokensOf(emulator.url);
    const pemBefore = emulator.tokenVerification.verifierKey;
    await emulator.stop();
    emulator = await start();
    expect(emulator.tokenVerification.verifierKey).toBe(pemBefore);
    const after = await tokensOf(emulator.url);
    for (const token of [before.user, after.user]) {
      expect((await backend.validateAccessTokenAndGetUser(`Bearer ${token}`)).userId).toBe(DEMO_IDS.ada);
    }
    for (const token of [before.org, after.org]) {
      const { user } = await backend.validateAccessTokenAndGetUserWithOrgInfo(`Bearer ${token}`, {
        orgId: DEMO_IDS.globex,
      });
      expect(user.activeOrgId).toBe(DEMO_IDS.globex);
    }
  });
});
