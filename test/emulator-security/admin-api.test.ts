import { createHash } from "node:crypto";
import { expect, it } from "vitest";
import { startEmulator } from "../../src/emulator/index.js";
import { ADA, raw, useEmulator } from "./harness.js";

/**
 * The admin API (`/__emulator/*`) answers only with the emulator's secret: in its header, or as the admin UI's
 * cookie (handed out by the tokenised address) on a request the browser marks same-origin. A header any process can
 * send (`Sec-Fetch-Site: same-origin`) proves nothing; a page on any other origin cannot drive it; a refused request
 * changes nothing.
 */
const emu = useEmulator();

const mallory = { users: [{ email: "planted@evil.example", password: "known-password-1" }] };

/** The state a refused admin call must leave as it was. */
async function snapshot() {
  return {
    settings: await emu.settings(),
    outbox: await emu.admin("GET", "/__emulator/outbox"),
    planted: (await emu.login("planted@evil.example", "known-password-1")).status,
  };
}

const attacks: { name: string; headers: Record<string, string> }[] = [
  { name: "no secret, no origin (a plain client)", headers: {} },
  {
    name: "a text/plain form post from another site",
    headers: { "Content-Type": "text/plain", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
  },
  {
    name: "a text/plain fetch from another loopback port",
    headers: { "Content-Type": "text/plain", Origin: "http://127.0.0.1:1", "Sec-Fetch-Site": "same-site" },
  },
  { name: "a wrong secret", headers: { "x-emulator-secret": "guessed" } },
  {
    name: "a same-origin claim with a foreign Origin",
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" },
  },
  { name: "an Origin equal to the emulator's but no Sec-Fetch-Site", headers: {} },
  { name: "a client that merely sends Sec-Fetch-Site: same-origin", headers: { "Sec-Fetch-Site": "same-origin" } },
  {
    name: "an Origin equal to the emulator's and Sec-Fetch-Site: same-origin",
    headers: { "Sec-Fetch-Site": "same-origin" },
  },
  {
    name: "a made-up admin cookie marked same-origin",
    headers: { "Sec-Fetch-Site": "same-origin", Cookie: "__emulator_admin=guessed" },
  },
];

for (const attack of attacks) {
  it(`refuses ${attack.name} on every admin route, and the state is unchanged`, async () => {
    const before = await snapshot();
    const headers = { ...attack.headers };
    if (attack.name.startsWith("an Origin equal")) headers.Origin = new URL(emu.url).origin;
    const calls: [string, string, unknown][] = [
      ["POST", "/__emulator/seed", mallory],
      ["PATCH", "/__emulator/settings", { signup: false, lockAfterFailedLogins: 1000 }],
      ["POST", "/__emulator/reset", undefined],
      ["GET", "/__emulator/outbox", undefined],
      ["GET", "/__emulator/settings", undefined],
      ["POST", "/__emulator/sign-in", { email: ADA, app_url: "http://127.0.0.1:3000/" }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await raw(emu.url, {
        method,
        path,
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(JSON.parse(answer.body).error_code).toBe("admin_secret_required");
      expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    }
    expect(await snapshot()).toEqual(before);
    expect(before.planted).toBe(404);
  });
}

it("refuses a user change without the secret: a locked account stays unlocked", async () => {
  const userId = await emu.userId(ADA);
  const answer = await raw(emu.url, {
    method: "PATCH",
    path: `/__emulator/users/${userId}`,
    headers: { "Content-Type": "text/plain", Origin: "http://localhost:3000", "Sec-Fetch-Site": "same-site" },
    body: JSON.stringify({ locked: true }),
  });
  expect(answer.status).toBe(403);
  expect((await emu.login(ADA)).status).toBe(200);
});

it("grants no CORS preflight on the admin API, to any origin, the loopback ones included", async () => {
  for (const origin of ["https://evil.example", "http://localhost:5173", "http://127.0.0.1:3000"]) {
    const answer = await raw(emu.url, {
      method: "OPTIONS",
      path: "/__emulator/settings",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "PATCH",
        "Access-Control-Request-Headers": "content-type,x-emulator-secret",
      },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    expect(answer.headers["access-control-allow-methods"]).toBeUndefined();
  }
});

/** The admin cookie the tokenised address hands out, as a Cookie header value. */
async function adminCookie(): Promise<string> {
  const opened = await raw(emu.url, { path: `/__emulator/ui?token=${encodeURIComponent(emu.secret)}` });
  expect(opened.status).toBe(303);
  expect(opened.headers.location).toBe("/__emulator/ui");
  const set = [opened.headers["set-cookie"] ?? []].flat()[0] ?? "";
  expect(set).toMatch(/^__emulator_admin=[\w-]+; Path=\/__emulator; HttpOnly; SameSite=Strict$/);
  expect(set).not.toContain(emu.secret);
  return set.split(";")[0]!;
}

it("serves the admin API with the secret in its header", async () => {
  const withSecret = await raw(emu.url, {
    method: "PATCH",
    path: "/__emulator/settings",
    headers: { "Content-Type": "application/json", "x-emulator-secret": emu.secret },
    body: JSON.stringify({ signup: false }),
  });
  expect(withSecret.status).toBe(200);
  expect((await emu.settings()).signup).toBe(false);
});

it("serves the admin UI's page and API to the browser that opened the tokenised address, from its own origin only", async () => {
  expect((await raw(emu.url, { path: "/__emulator/ui" })).status).toBe(401);
  expect((await raw(emu.url, { path: "/__emulator/ui?token=guessed" })).status).toBe(403);
  const cookie = await adminCookie();
  expect((await raw(emu.url, { path: "/__emulator/ui", headers: { Cookie: cookie } })).status).toBe(200);
  const patch = (headers: Record<string, string>) =>
    raw(emu.url, {
      method: "PATCH",
      path: "/__emulator/settings",
      headers: { "Content-Type": "application/json", Cookie: cookie, ...headers },
      body: JSON.stringify({ signup: false }),
    });
  expect((await patch({ "Sec-Fetch-Site": "same-origin", Origin: new URL(emu.url).origin })).status).toBe(200);
  expect((await emu.settings()).signup).toBe(false);
  // the cookie rides along with a page of another loopback port (same site): the browser's marks refuse it
  for (const headers of [
    { "Sec-Fetch-Site": "same-site", Origin: "http://127.0.0.1:1" },
    { "Sec-Fetch-Site": "same-origin", Origin: "http://127.0.0.1:1" },
    {},
  ])
    expect((await patch(headers)).status, JSON.stringify(headers)).toBe(403);
});

it("serves the admin UI with a Content-Security-Policy that lets only its own script and style run", async () => {
  const page = await raw(emu.url, { path: "/__emulator/ui", headers: { Cookie: await adminCookie() } });
  const csp = String(page.headers["content-security-policy"]);
  const script = /<script>([\s\S]*)<\/script>/.exec(page.body)?.[1] ?? "";
  expect(script).toContain("Search users");
  expect(csp).toContain(`script-src 'sha256-${createHash("sha256").update(script).digest("base64")}'`);
  expect(csp).toMatch(/^default-src 'none'; /);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe");
});

it("voids the admin cookie with a new secret: a cookie of another emulator's secret is refused", async () => {
  const other = await startEmulator();
  try {
    const opened = await raw(other.url, { path: `/__emulator/ui?token=${encodeURIComponent(other.secret)}` });
    const foreign = [opened.headers["set-cookie"] ?? []].flat()[0]!.split(";")[0]!;
    const answer = await raw(emu.url, {
      path: "/__emulator/settings",
      headers: { Cookie: foreign, "Sec-Fetch-Site": "same-origin" },
    });
    expect(answer.status).toBe(403);
  } finally {
    await other.stop();
  }
});

it("makes a new secret for every start unless one is given", async () => {
  expect(emu.secret).toMatch(/^[\w-]{32}$/);
});

it("refuses settings of the wrong shape with a 400 naming the problem, and keeps the settings working", async () => {
  const before = await emu.settings();
  for (const [change, problem] of [
    [{ roles: "x" }, "settings.roles: Invalid input: expected array"],
    [{ lockAfterFailedLogins: "5" }, "settings.lockAfterFailedLogins: Invalid input: expected number"],
    [
      { roles: [{ name: "Owner", permissions: [1] }] },
      "settings.roles[0].permissions[0]: Invalid input: expected string",
    ],
    [{ logoutRedirect: 3 }, "settings.logoutRedirect: Invalid input"],
    [{ lockAfterFaildLogins: 5 }, "settings.lockAfterFaildLogins: unknown key"],
    [[], "settings: Invalid input: expected object"],
  ] as const) {
    const answer = await raw(emu.url, {
      method: "PATCH",
      path: "/__emulator/settings",
      headers: { "Content-Type": "application/json", "x-emulator-secret": emu.secret },
      body: JSON.stringify(change),
    });
    expect(answer.status).toBe(400);
    const refusal = JSON.parse(answer.body) as { error_code: string; user_facing_error: string };
    expect(refusal.error_code).toBe("bad_request");
    expect(refusal.user_facing_error).toContain(problem);
    // worded for the person in the admin UI, not as a seed file's error
    expect(refusal.user_facing_error).toMatch(/^The settings were not saved\. settings/);
  }
  const seed = await raw(emu.url, {
    method: "POST",
    path: "/__emulator/seed",
    headers: { "Content-Type": "application/json", "x-emulator-secret": emu.secret },
    body: JSON.stringify({ settings: { roles: "x" } }),
  });
  expect(seed.status).toBe(400);
  expect(await emu.settings()).toEqual(before);
  const { cookie } = await emu.login(ADA);
  expect((await raw(emu.url, { path: "/api/v1/refresh_token", headers: { Cookie: cookie! } })).status).toBe(200);
  expect(
    (await emu.admin("PATCH", "/__emulator/settings", { logoutRedirect: "http://localhost:5173/" })) as object,
  ).toMatchObject({
    logoutRedirect: "http://localhost:5173/",
  });
});
