import { initBaseAuth } from "@propelauth/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, stopProcess } from "../../scripts/lib/prism.js";
import { currentTotp, DEMO_PASSWORD } from "../../src/emulator/index.js";
import { freshDatabase, stageHasPostgres } from "../support/stage-postgres.js";
import { runCli } from "./run-cli.js";
import { MALLORY_SECRET } from "./test-seed.js";

/**
 * Two emulator processes (`npm run emulator -- --database …`, started at the same moment on an empty database) on one
 * real PostgreSQL behave as one provider: a session, an MFA step, a rate limit, a lockout count, the outbox, the
 * signing key, the integration API key and the server-side session (codes, refresh tokens) are all in the database. Both sit behind one public URL, as behind a load balancer.
 */
const HEADERS = { "Content-Type": "application/json", "X-CSRF-Token": "-.-" };

/** A tiny cookie-keeping client that can send each request to either process. */
class Visitor {
  private readonly jar = new Map<string, string>();
  async call(base: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? "GET",
      redirect: "manual",
      headers: { ...HEADERS, Cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }
}

if (!stageHasPostgres()) {
  describe.skip("two emulator processes on PostgreSQL (skipped: no PostgreSQL binaries — set PG_BIN)", () => {
    it("behave as one", () => undefined);
  });
} else {
  let a: string;
  let b: string;
  const processes: ReturnType<typeof runCli>[] = [];

  beforeAll(async () => {
    const database = await freshDatabase("emulator_shared");
    const [portA, portB] = [await freePort(), await freePort()];
    [a, b] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
    for (const port of [portA, portB]) {
      processes.push(runCli(["--port", String(port), "--database", database, "--public-url", a!, "--quiet"]));
    }
    await Promise.all(processes.map((p) => p.printed(/Press Ctrl-C/)));
  }, 240_000);
  afterAll(async () => {
    for (const p of processes) await stopProcess(p.child);
  });

  describe("two emulator processes on one PostgreSQL database", () => {
    it("started together, they made one seed and one signing key, and print the same backend settings", async () => {
      const users = await (await fetch(`${a}/.well-known/jwks.json`)).json();
      expect(await (await fetch(`${b}/.well-known/jwks.json`)).json()).toEqual(users);
      const settings = processes.map((p) => /initBaseAuth\(\{[\s\S]*?\}\);/.exec(p.output())![0]);
      expect(settings[1]).toBe(settings[0]);
      const login = await new Visitor().call(b, "/api/fe/v3/login", {
        method: "POST",
        body: { email: "ada@acme.example", password: DEMO_PASSWORD },
      });
      expect(login.status).toBe(200);
    });

    it("a login on one, a refresh on the other: the token verifies with the backend settings either printed", async () => {
      const visitor = new Visitor();
      const login = await visitor.call(a, "/api/fe/v3/login", {
        method: "POST",
        body: { email: "ada@acme.example", password: DEMO_PASSWORD },
      });
      expect(await login.json()).toEqual({ login_state: "Finished" });
      const refresh = (await (await visitor.call(b, "/api/v1/refresh_token")).json()) as { access_token: string };
      const printed = /initBaseAuth\(\{[\s\S]*?\}\);/.exec(processes[0]!.output())![0];
      const backend = new Function("initBaseAuth", `return ${printed}`)(initBaseAuth) as ReturnType<
        typeof initBaseAuth
      >;
      expect((await backend.validateAccessTokenAndGetUser(`Bearer ${refresh.access_token}`)).email).toBe(
        "ada@acme.example",
      );
      await visitor.call(b, "/api/v1/logout", { method: "POST" });
      expect((await visitor.call(a, "/api/v1/refresh_token")).status).toBe(401);
    });

    it("shares the server-side session: a code from one exchanged on the other, refreshed and logged out across both", async () => {
      const keys = processes.map((p) => /API key\s+(\S+)/.exec(p.output())![1]!);
      expect(keys[1]).toBe(keys[0]);
      const server = (base: string, path: string, body: unknown) =>
        fetch(`${base}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${keys[0]}` },
          body: JSON.stringify(body),
        });
      const visitor = new Visitor();
      await visitor.call(a, "/api/fe/v3/login", {
        method: "POST",
        body: { email: "ada@acme.example", password: DEMO_PASSWORD },
      });
      const redirectUri = "http://localhost:3000/api/auth/callback";
      const authorize = `/propelauth/ssr/authorize?${new URLSearchParams({ redirect_uri: redirectUri, state: "st" })}`;
      const sent = await visitor.call(a, authorize);
      const code = new URL(sent.headers.get("Location")!).searchParams.get("code");
      const tokens = (await (await server(b, "/propelauth/ssr/token", { redirect_uri: redirectUri, code })).json()) as {
        refresh_token: string;
        access_token: string;
      };
      expect((await server(a, "/propelauth/ssr/token", { redirect_uri: redirectUri, code })).status).toBe(400);
      const refreshed = await server(a, "/api/backend/v1/refresh_token", { refresh_token: tokens.refresh_token });
      const { refresh_token } = (await refreshed.json()) as { refresh_token: string };
      const userinfo = await fetch(`${b}/propelauth/oauth/userinfo`, {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
      });
      expect(((await userinfo.json()) as { email: string }).email).toBe("ada@acme.example");
      expect((await server(b, "/api/backend/v1/logout", { refresh_token })).status).toBe(204);
      expect((await server(a, "/api/backend/v1/refresh_token", { refresh_token })).status).toBe(401);
      expect((await visitor.call(a, authorize)).status).toBe(200);
    });

    it("shares the MFA step: the password on one, the code on the other", async () => {
      const visitor = new Visitor();
      const login = await visitor.call(a, "/api/fe/v3/login", {
        method: "POST",
        body: { email: "mallory@acme.example", password: DEMO_PASSWORD },
      });
      expect(await login.json()).toEqual({ login_state: "TwoFactorRequired" });
      const verified = await visitor.call(b, "/api/fe/v3/verify", {
        method: "POST",
        body: { code: currentTotp(MALLORY_SECRET) },
      });
      expect(await verified.json()).toEqual({ login_state: "Finished" });
      expect((await visitor.call(a, "/api/v1/refresh_token")).status).toBe(200);
    });

    it("shares rate limits and the outbox: a resend on one counts on the other; the e-mails show on both", async () => {
      const visitor = new Visitor();
      const email = "sam@startup.example";
      const signup = await visitor.call(a, "/api/fe/v3/signup", {
        method: "POST",
        body: { email, password: "a long enough password" },
      });
      expect(signup.status).toBe(200);
      expect((await visitor.call(b, "/api/fe/v3/resend_email_confirmation", { method: "POST" })).status).toBe(204);
      const second = await visitor.call(a, "/api/fe/v3/resend_email_confirmation", { method: "POST" });
      expect(second.status).toBe(429);
      for (const base of [a, b]) {
        const outbox = await (await fetch(`${base}/outbox?to=${encodeURIComponent(email)}`)).text();
        expect(outbox.match(/Confirm your email address/g)).toHaveLength(2);
      }
    });

    it("counts wrong passwords across both towards one lockout", async () => {
      const attempt = (base: string, password: string) =>
        new Visitor().call(base, "/api/fe/v3/login", {
          method: "POST",
          body: { email: "alan@acme.example", password },
        });
      const codes: string[] = [];
      for (let i = 0; i < 5; i++)
        codes.push(((await (await attempt(i % 2 ? b : a, "wrong")).json()) as { error_code: string }).error_code);
      expect(codes).toEqual(["user_not_found", "user_not_found", "user_not_found", "user_not_found", "account_locked"]);
      expect((await attempt(b, DEMO_PASSWORD)).status).toBe(403);
    });
  });
}
