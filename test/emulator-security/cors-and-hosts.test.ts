import { describe, expect, it } from "vitest";
import { ADA, feHeaders, raw, useEmulator } from "./harness.js";

/**
 * CORS: only the app origins the emulator is told about (by default, loopback ones) get credentials, and a call from
 * any other origin is refused before it runs. DNS rebinding: a Host that is not a loopback name or a configured host
 * is refused, on every kind of route, before anything runs.
 */
const APP = "http://app.test:5173";
const emu = useEmulator({ allowedOrigins: [APP], allowedHosts: ["app.test"] });

const loginFrom = (origin: string) =>
  raw(emu.url, {
    method: "POST",
    path: "/api/fe/v3/login",
    headers: { ...feHeaders, Origin: origin },
    body: JSON.stringify({ email: ADA, password: "wrong-password" }),
  });

describe("CORS on the fe calls", () => {
  it("refuses a call with credentials from a foreign origin: no CORS grant, no session, no failed login counted", async () => {
    for (const origin of ["https://evil.example", "http://127.0.0.1:9", "http://localhost:3000", "null"]) {
      const answer = await loginFrom(origin);
      expect(answer.status, origin).toBe(403);
      expect(JSON.parse(answer.body).error_code).toBe("origin_not_allowed");
      expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
      expect(answer.headers["access-control-allow-credentials"]).toBeUndefined();
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    const session = await emu.login(ADA);
    expect(session.status).toBe(200);
    const refresh = await raw(emu.url, {
      path: "/api/v1/refresh_token",
      headers: { Cookie: session.cookie!, Origin: "https://evil.example" },
    });
    expect(refresh.status).toBe(403);
    expect(refresh.body).not.toContain("access_token");
  });

  it("counts none of the refused wrong passwords towards the lock", async () => {
    const { lockAfterFailedLogins } = await emu.settings();
    for (let i = 0; i < lockAfterFailedLogins + 2; i++)
      expect((await loginFrom("https://evil.example")).status).toBe(403);
    expect((await emu.login(ADA)).status).toBe(200);
  });

  it("answers an allowed app origin with credentials, echoing that origin only", async () => {
    const answer = await loginFrom(APP);
    expect(answer.status).toBe(404); // the wrong password's answer, readable by the allowed app
    expect(answer.headers["access-control-allow-origin"]).toBe(APP);
    expect(answer.headers["access-control-allow-credentials"]).toBe("true");
    expect(answer.headers.vary).toContain("Origin");
  });

  it("grants a preflight to the allowed app origin only", async () => {
    const preflight = (origin: string) =>
      raw(emu.url, {
        method: "OPTIONS",
        path: "/api/fe/v3/login",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "x-csrf-token",
        },
      });
    const allowed = await preflight(APP);
    expect(allowed.status).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe(APP);
    for (const origin of ["https://evil.example", "http://127.0.0.1:9"]) {
      const refused = await preflight(origin);
      expect(refused.status).toBe(403);
      expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
    }
  });
});

describe("Host names (DNS rebinding)", () => {
  const foreign = ["evil.example", "127.0.0.1.evil.example", "rebind.attacker:4020", "localhost.evil.example", "a b"];

  it("refuses a foreign Host on pages, fe calls and the admin API (even with the secret), and changes nothing", async () => {
    const before = await emu.settings();
    for (const host of foreign) {
      const calls = [
        raw(emu.url, { path: "/login", headers: { Host: host } }),
        raw(emu.url, {
          method: "POST",
          path: "/api/fe/v3/login",
          headers: { ...feHeaders, Host: host },
          body: JSON.stringify({ email: ADA, password: "wrong" }),
        }),
        raw(emu.url, {
          method: "PATCH",
          path: "/__emulator/settings",
          headers: { "Content-Type": "application/json", Host: host, "x-emulator-secret": emu.secret },
          body: JSON.stringify({ signup: false }),
        }),
        raw(emu.url, {
          method: "POST",
          path: "/__emulator/reset",
          headers: { Host: host, "x-emulator-secret": emu.secret },
        }),
      ];
      for (const answer of await Promise.all(calls)) {
        expect(answer.status, JSON.stringify(host)).toBe(403);
        expect(JSON.parse(answer.body).error_code).toBe("host_not_allowed");
      }
    }
    expect(await emu.settings()).toEqual(before);
  });

  it("serves the loopback names and the configured host", async () => {
    const port = new URL(emu.url).port;
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `app.localhost:${port}`,
      `[::1]:${port}`,
      "localhost",
      `app.test:${port}`,
    ]) {
      expect((await raw(emu.url, { path: "/login", headers: { Host: host } })).status, host).toBe(200);
    }
  });
});

describe("hosted pages that hand out credentials, and logout", () => {
  const outbox = (headers: Record<string, string>) => raw(emu.url, { path: "/outbox", headers });

  it("never lets an app origin read the outbox: a fetch from it is refused, no CORS grant", async () => {
    await raw(emu.url, {
      method: "POST",
      path: "/api/fe/v3/login_passwordless",
      headers: { ...feHeaders, Origin: APP },
      body: JSON.stringify({ email: ADA }),
    });
    for (const headers of [
      { Origin: APP },
      { "Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty" },
      { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "iframe" },
    ]) {
      const answer = await outbox(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(answer.body).error_code).toBe("origin_not_allowed");
      expect(answer.body).not.toContain("/link?");
      expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    }
    const navigated = await outbox({
      "Sec-Fetch-Site": "cross-site",
      "Sec-Fetch-Mode": "navigate",
      "Sec-Fetch-Dest": "document",
    });
    expect(navigated.status).toBe(200);
    expect(navigated.body).toContain("/link?");
    expect(navigated.headers["access-control-allow-origin"]).toBeUndefined();
    expect((await outbox({ "Sec-Fetch-Site": "same-origin", Origin: emu.url })).body).toContain("/link?");
  });

  it("grants no CORS read of any hosted page to an app origin, only of the API", async () => {
    const { cookie } = await emu.login(ADA);
    for (const path of ["/account", "/login", "/org", "/mfa"]) {
      const answer = await raw(emu.url, { path, headers: { Origin: APP, Cookie: cookie! } });
      expect(answer.headers["access-control-allow-origin"], path).toBeUndefined();
    }
    const account = await raw(emu.url, { path: "/account", headers: { Origin: APP, Cookie: cookie! } });
    expect(account.status).toBe(403);
  });

  it("signs out only on a JSON logout: a form or a text/plain body is 415 json_required and the session stays", async () => {
    const { cookie } = await emu.login(ADA);
    for (const type of [undefined, "application/x-www-form-urlencoded", "text/plain", "multipart/form-data; b=x"]) {
      const answer = await raw(emu.url, {
        method: "POST",
        path: "/api/v1/logout",
        headers: { Cookie: cookie!, Origin: APP, ...(type && { "Content-Type": type }) },
        body: "{}",
      });
      expect(answer.status, type).toBe(415);
      expect(JSON.parse(answer.body).error_code).toBe("json_required");
    }
    expect((await raw(emu.url, { path: "/api/v1/refresh_token", headers: { Cookie: cookie! } })).status).toBe(200);
    const out = await raw(emu.url, {
      method: "POST",
      path: "/api/v1/logout",
      headers: { Cookie: cookie!, Origin: APP, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    expect((await raw(emu.url, { path: "/api/v1/refresh_token", headers: { Cookie: cookie! } })).status).toBe(401);
  });
});
