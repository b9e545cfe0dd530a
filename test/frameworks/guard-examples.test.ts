/**
 * examples/express, examples/fastify and examples/hono, as the stage built them outside the clone from the packed
 * package with only what they declare (declared-examples.ts: `npm run build`, tsc against the package's declarations),
 * served one process each on the stage's emulator; beside them, the same API written against
 * `@propelauth/express` (test/frameworks/guards/vendor-express-app.ts). Route for route, every credential gets the
 * same status from all four; the orgauth versions also take API keys made through the front-end API where a route
 * allows them, and answer 503 — never 401 — while the auth host is unreachable.
 */
import { existsSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../../scripts/lib/prism.js";
import { backendKit } from "../../src/emulator/index.js";
import { redirectVendorBackend } from "../emulator/vendor-backend.js";
import { serve } from "./example-apps.js";
import { createVendorApp } from "./guards/vendor-express-app.js";
import { MEMBER, ORG as SEEDED_ORG, OWNER, PASSWORD, SECOND_ORG as SEEDED_SECOND_ORG } from "./seed.js";

const emulatorUrl = inject("frameworksEmulatorUrl");
const apiKey = inject("frameworksEmulatorApiKey");
const builds = inject("exampleBuilds");
const EXAMPLES = ["express", "fastify", "hono"] as const;
const outageFile = join(tmpdir(), `orgauth-guards-outage-${process.pid}`);

// the seed's org ids are made when a process loads it: this file's are not the emulator's, so they are looked up
const ORG = { name: SEEDED_ORG.name, id: "" };
const SECOND_ORG = { name: SEEDED_SECOND_ORG.name, id: "" };
const servers: Record<string, string> = {};
const stops: (() => Promise<void> | void)[] = [];
const credentials: Record<string, string | undefined> = { none: undefined };

/** A password login at the emulator's front-end API, then a key made there (as the app's key page does). */
async function frontEndKey(email: string, body: Record<string, unknown>): Promise<string> {
  const headers = { "Content-Type": "application/json", "X-CSRF-Token": "-.-" };
  const login = await fetch(`${emulatorUrl}/api/fe/v3/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = login.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  const made = await fetch(`${emulatorUrl}/api/fe/v3/api_keys`, {
    method: "POST",
    headers: { ...headers, Cookie: cookie },
    body: JSON.stringify({ expiration_option: "Never", ...body }),
  });
  if (!made.ok) throw new Error(`key: ${made.status} ${await made.text()}`);
  return ((await made.json()) as { api_key_token: string }).api_key_token;
}

beforeAll(async () => {
  const started = performance.now();
  const dirs = EXAMPLES.map((name) => {
    const build = builds[name];
    if (!build || build.error !== undefined) throw new Error(`examples/${name} did not build:\n${build?.error}`);
    return build.dir;
  });
  const env = { PROPELAUTH_AUTH_URL: emulatorUrl, PROPELAUTH_API_KEY: apiKey, ORGAUTH_OUTAGE_FILE: outageFile };
  const preload = join(import.meta.dirname, "guards", "outage-switch.mjs");
  const running = await Promise.all(
    dirs.map(async (dir, index) => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const server = await serve(dir, ["--import", preload, "dist/server.js"], url, { ...env, PORT: String(port) });
      servers[EXAMPLES[index]!] = url;
      return server;
    }),
  );
  for (const server of running) stops.push(server.stop);

  const verifierKey = await (await fetch(`${emulatorUrl}/.well-known/verifier-key.pem`)).text();
  stops.push(redirectVendorBackend(() => emulatorUrl));
  const vendor = createVendorApp({ authUrl: emulatorUrl, apiKey, verifierKey }).listen(0, "127.0.0.1");
  await new Promise((resolve) => vendor.once("listening", resolve));
  stops.push(() => new Promise<void>((resolve) => vendor.close(() => resolve())));
  servers.vendor = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;

  const kit = backendKit({ url: emulatorUrl, apiKey });
  const ownerOrgs = (await kit.backend.fetchUserByEmail({ query: { email: OWNER, include_orgs: true } }))
    ?.org_id_to_org_info;
  for (const org of [ORG, SECOND_ORG]) {
    org.id = Object.values(ownerOrgs ?? {}).find((info) => info.org_name === org.name)?.org_id ?? "";
  }
  const owner = await kit.accessToken({ email: OWNER });
  Object.assign(credentials, {
    owner,
    member: await kit.accessToken({ email: MEMBER }),
    ownerInSecondOrg: await kit.accessToken({ email: OWNER }, { orgId: SECOND_ORG.id }),
    tampered: `${owner.slice(0, -4)}${owner.endsWith("AAAA") ? "BBBB" : "AAAA"}`,
    junk: "not-a-token",
    orgKey: await frontEndKey(OWNER, { org_id: ORG.id }),
    personalKey: await frontEndKey(MEMBER, {}),
  });
  console.log(`guard examples: served and set up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
});

afterAll(async () => {
  rmSync(outageFile, { force: true });
  for (const stop of stops.reverse()) await stop();
});

/** One request's status (and body) from one server. */
async function call(server: string, path: string, credential: string | undefined) {
  const response = await fetch(`${servers[server]}${path}`, {
    headers: credential === undefined ? {} : { Authorization: `Bearer ${credential}` },
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

describe("an outage of the auth host (first: no key set loaded yet)", () => {
  it("answers 503 for a token and an API key, 401 still for no credential", async () => {
    writeFileSync(outageFile, "");
    try {
      for (const name of EXAMPLES) {
        for (const [path, credential] of [
          ["/api/whoami", credentials.owner],
          ["/api/hello", credentials.owner],
          [`/api/projects?org_id=${ORG.id}`, credentials.orgKey],
        ] as const) {
          const answer = await call(name, path, credential);
          expect([name, path, answer.status, answer.body?.error_code]).toEqual([name, path, 503, "auth_unavailable"]);
        }
        expect((await call(name, "/api/whoami", undefined)).status).toBe(401);
      }
    } finally {
      rmSync(outageFile, { force: true });
    }
    // the verifier refuses without fetching for a few seconds after a failed key fetch (src/server/verify.ts)
    await new Promise((resolve) => setTimeout(resolve, 5500));
    expect(existsSync(outageFile)).toBe(false);
  });
});

describe("moved from @propelauth/express by the migration guide: the same status, route for route", () => {
  const routes = () => [
    "/api/whoami",
    "/api/hello",
    "/api/profile",
    `/api/orgs/${ORG.id}`,
    `/api/orgs/${SECOND_ORG.id}`,
    `/api/orgs/${ORG.id}/settings`,
    `/api/orgs/${SECOND_ORG.id}/settings`,
    `/api/orgs/${ORG.id}/danger`,
    `/api/orgs/${ORG.id}/billing`,
    `/api/orgs/${ORG.id}/team`,
    `/api/projects?org_id=${ORG.id}`,
    `/api/projects?org_id=${SECOND_ORG.id}`,
    "/api/projects",
  ];
  const TOKENS = ["owner", "member", "ownerInSecondOrg", "tampered", "junk", "none"];

  it("answers every route and access token as the vendor's app does (Express, Fastify and Hono examples)", async () => {
    const table = (server: string) =>
      Promise.all(
        routes().flatMap((path) =>
          TOKENS.map(async (who) => `${path} ${who} ${(await call(server, path, credentials[who])).status}`),
        ),
      );
    const vendor = await table("vendor");
    // the table covers allow and deny for every guard
    expect(vendor.filter((line) => line.endsWith(" 200")).length).toBeGreaterThan(10);
    expect(vendor.filter((line) => line.endsWith(" 403")).length).toBeGreaterThan(5);
    expect(vendor.filter((line) => line.endsWith(" 401")).length).toBeGreaterThan(10);
    for (const name of EXAMPLES) expect(await table(name)).toEqual(vendor);
  });

  it("answers the same bodies for the caller and the org", async () => {
    for (const name of ["vendor", ...EXAMPLES]) {
      expect((await call(name, `/api/orgs/${ORG.id}/settings`, credentials.owner)).body).toEqual({ role: "Owner" });
      expect((await call(name, "/api/profile", credentials.member)).body).toEqual({ email: MEMBER });
    }
  });
});

describe("API keys made through the front-end API, where a route allows them", () => {
  it.each(EXAMPLES)("%s: an org key for its own org, a member's personal key; refused elsewhere", async (name) => {
    expect(await call(name, `/api/projects?org_id=${ORG.id}`, credentials.orgKey)).toEqual({
      status: 200,
      body: { org: ORG.name, caller: "org" },
    });
    expect((await call(name, `/api/projects?org_id=${SECOND_ORG.id}`, credentials.orgKey)).status).toBe(403);
    expect(await call(name, `/api/projects?org_id=${ORG.id}`, credentials.personalKey)).toEqual({
      status: 200,
      body: { org: ORG.name, caller: "user" },
    });
    expect((await call(name, "/api/whoami", credentials.orgKey)).status).toBe(401);
    expect((await call(name, `/api/projects?org_id=${ORG.id}`, "0123456789abcdef0123")).body).toMatchObject({
      error_code: "invalid_credentials",
      reason: "unknown",
    });
  });

  it("an outage with the key set loaded: tokens still verify with the last good keys, API keys are a 503", async () => {
    writeFileSync(outageFile, "");
    try {
      for (const name of EXAMPLES) {
        expect((await call(name, "/api/whoami", credentials.owner)).status).toBe(200);
        expect((await call(name, `/api/projects?org_id=${ORG.id}`, credentials.orgKey)).status).toBe(503);
      }
    } finally {
      rmSync(outageFile, { force: true });
    }
  });

  it("the vendor's library takes none of them", async () => {
    expect((await call("vendor", `/api/projects?org_id=${ORG.id}`, credentials.orgKey)).status).toBe(401);
  });
});
