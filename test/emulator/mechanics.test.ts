import { PGlite } from "@electric-sql/pglite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentTotp, demoSeed, DEMO_PASSWORD, startEmulator, type RunningEmulator } from "../../src/emulator/index.js";
import { DEMO_IDS } from "../../src/emulator/seeds/demo-seed.js";

/** The mechanics behind the operations: loopback only, hashed passwords, cookies, signed tokens, hosted pages, storage. */
const rt = (url: string) => Buffer.from(url, "utf8").toString("base64");
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
  redirect: "manual" as const,
});
const sessionCookie = (response: Response) =>
  response.headers.getSetCookie().find((c) => c.startsWith("__session=")) ?? "";

let pglite: PGlite;
let emulator: RunningEmulator;
beforeAll(async () => {
  pglite = new PGlite();
  emulator = await startEmulator({ seed: demoSeed, database: pglite });
});
afterAll(async () => {
  await emulator.stop();
  await pglite.close();
});

it("refuses a non-loopback host unless told", async () => {
  await expect(startEmulator({ host: "0.0.0.0" })).rejects.toThrow(/loopback/);
});

it("answers unexpected_error (500, the contract's body) when its database fails, and keeps serving", async () => {
  const database = new PGlite();
  const broken = await startEmulator({ seed: demoSeed, database });
  try {
    await database.close();
    const answer = await fetch(`${broken.url}/api/fe/v3/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
      body: JSON.stringify({ email: "ada@acme.example", password: DEMO_PASSWORD }),
    });
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({
      error_code: "unexpected_error",
      user_facing_error: "An unexpected error has occurred",
    });
    expect((await fetch(`${broken.url}/login`)).status).toBe(200);
  } finally {
    await broken.stop();
  }
});

it("stores passwords as salted scrypt hashes, never as given", async () => {
  const { rows } = await pglite.query<{ password_hash: string }>(
    "select password_hash from emu_profiles where user_id in ($1, $2)",
    [DEMO_IDS.ada, DEMO_IDS.grace],
  );
  expect(rows.map((r) => r.password_hash.split("$")[0])).toEqual(["scrypt", "scrypt"]);
  expect(rows[0]!.password_hash).not.toContain(DEMO_PASSWORD);
  expect(rows[0]!.password_hash).not.toBe(rows[1]!.password_hash);
});

describe("the hosted login page", () => {
  it("shows the not-for-production banner and signs in with an HttpOnly cookie, then honours rt", async () => {
    const target = "http://localhost:5173/dashboard?tab=ünïcode";
    const page = await fetch(`${emulator.url}/login?rt=${encodeURIComponent(rt(target))}`);
    expect(await page.text()).toContain("Not for production");
    const posted = await fetch(
      `${emulator.url}/login`,
      form({ email: "ada@acme.example", password: DEMO_PASSWORD, rt: rt(target) }),
    );
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(new URL(target).href);
    expect(sessionCookie(posted)).toMatch(/HttpOnly/);
    expect(sessionCookie(posted)).toMatch(/SameSite=Lax/);
  });

  it("never follows an rt that is not an http(s) URL", async () => {
    const posted = await fetch(
      `${emulator.url}/login`,
      form({ email: "ada@acme.example", password: DEMO_PASSWORD, rt: rt("javascript:alert(1)") }),
    );
    expect(posted.headers.get("location")).toBe("/account");
  });

  it("shows the error and sets no cookie for a wrong password", async () => {
    const posted = await fetch(`${emulator.url}/login`, form({ email: "ada@acme.example", password: "wrong" }));
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain("Invalid email or password");
    expect(sessionCookie(posted)).toBe("");
  });
});

it("sets MFA up on the hosted account page with the QR code's secret", async () => {
  const login = await fetch(`${emulator.url}/login`, form({ email: "alan@acme.example", password: DEMO_PASSWORD }));
  const cookie = sessionCookie(login).split(";")[0]!;
  const account = await (await fetch(`${emulator.url}/account`, { headers: { Cookie: cookie } })).text();
  expect(account).toContain('src="data:image/png;base64,');
  const secret = /<code>([A-Z2-7]+)<\/code>/.exec(account)![1]!;
  const enabled = await fetch(`${emulator.url}/account/mfa_enable`, {
    ...form({ code: currentTotp(secret) }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
  expect(enabled.status).toBe(303);
  expect(await (await fetch(`${emulator.url}/account`, { headers: { Cookie: cookie } })).text()).toContain(
    "Two-factor authentication: on",
  );
});

it("signs access tokens that verify against the JWKS, with the expiry the response states", async () => {
  const login = await fetch(`${emulator.url}/login`, form({ email: "ada@acme.example", password: DEMO_PASSWORD }));
  const cookie = sessionCookie(login).split(";")[0]!;
  const refresh = (await (
    await fetch(`${emulator.url}/api/v1/refresh_token?active_org_id=${DEMO_IDS.acme}`, { headers: { Cookie: cookie } })
  ).json()) as { access_token: string; expires_at_seconds: number };
  const jwks = (await (await fetch(`${emulator.url}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
  const { payload, protectedHeader } = await jwtVerify(refresh.access_token, createLocalJWKSet(jwks), {
    issuer: new URL(emulator.url).origin,
  });
  expect(protectedHeader.alg).toBe("RS256");
  expect(payload).toMatchObject({
    sub: DEMO_IDS.ada,
    exp: refresh.expires_at_seconds,
    org_member_info: { org_id: DEMO_IDS.acme, user_role: "Owner" },
  });
  expect(refresh.expires_at_seconds - (payload.iat ?? 0)).toBe(1800);
});

it("signs a new user in through a social login stand-in and links the account", async () => {
  const posted = await fetch(
    `${emulator.url}/google/login`,
    form({ email: "sam@startup.example", rt: rt("http://localhost:5173/") }),
  );
  expect(posted.headers.get("location")).toBe("http://localhost:5173/");
  const { rows } = await pglite.query<{ provider: string }>(
    "select provider from accounts a join users u on u.id = a.user_id where u.email = 'sam@startup.example'",
  );
  expect(rows).toEqual([{ provider: "google" }]);
});

it("signs an org member in through the SAML stand-in, only with the org's domain", async () => {
  expect(
    await (await fetch(`${emulator.url}/saml`, form({ id: DEMO_IDS.acme, email: "x@elsewhere.example" }))).text(),
  ).toContain("Use an address at acme.example");
  const posted = await fetch(`${emulator.url}/saml`, form({ id: DEMO_IDS.acme, email: "new.hire@acme.example" }));
  expect(posted.status).toBe(303);
  const refresh = (await (
    await fetch(`${emulator.url}/api/v1/refresh_token`, { headers: { Cookie: sessionCookie(posted).split(";")[0]! } })
  ).json()) as { org_id_to_org_member_info: Record<string, { user_role: string }> };
  expect(refresh.org_id_to_org_member_info[DEMO_IDS.acme]?.user_role).toBe("Member");
});

it("keeps state in --data-dir between runs, and refuses a second emulator on the directory while one runs", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "orgauth-emulator-"));
  try {
    const first = await startEmulator({ seed: demoSeed, dataDir });
    await first.seed({
      orgs: [{ id: "org_kept", name: "Kept", members: [{ email: "ada@acme.example", role: "Owner" }] }],
    });
    await expect(startEmulator({ seed: demoSeed, dataDir })).rejects.toMatchObject({
      type: "emulator_start",
      reason: "data_dir",
      cause: { code: "directory_locked" },
    });
    await first.stop();
    const second = await startEmulator({ seed: demoSeed, dataDir });
    const login = await fetch(`${second.url}/login`, form({ email: "ada@acme.example", password: DEMO_PASSWORD }));
    const refresh = (await (
      await fetch(`${second.url}/api/v1/refresh_token`, { headers: { Cookie: sessionCookie(login).split(";")[0]! } })
    ).json()) as { org_id_to_org_member_info: object };
    await second.stop();
    expect(Object.keys(refresh.org_id_to_org_member_info)).toContain("org_kept");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
