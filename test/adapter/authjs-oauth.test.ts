import type { AuthConfig } from "@auth/core";
import type { OAuthConfig } from "@auth/core/providers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdapter, migrate, openEmbeddedDatabase, type ClosableSqlPort } from "../../src/adapter/index.js";
import { sendJson, startLocalServer, type LocalServer } from "../support/local-server.js";
import { authjsClient } from "./authjs-client.js";

// An OAuth sign-in through Auth.js's own handler, against a real OAuth server on 127.0.0.1 whose user shares no
// e-mail and whose profile() returns a role: @auth/core builds the user with `email: undefined` and the role.
const BASE = "http://localhost:3000/auth";

interface Profile {
  id: number;
  name: string;
  role: string;
}

describe("Auth.js OAuth sign-in with a provider that shares no e-mail", () => {
  let server: LocalServer;
  let db: ClosableSqlPort;
  const errors: string[] = [];

  const provider = (): OAuthConfig<Profile> => ({
    id: "nomail",
    name: "No Mail",
    type: "oauth",
    authorization: { url: `${server.url}/authorize`, params: { scope: "read" } },
    token: `${server.url}/token`,
    userinfo: `${server.url}/userinfo`,
    clientId: "client",
    clientSecret: "secret",
    checks: ["state"],
    profile: (profile) => ({ id: String(profile.id), name: profile.name, role: profile.role }),
  });

  const { request } = authjsClient(
    BASE,
    (): AuthConfig => ({
      adapter: createAdapter(db),
      secret: "a-test-secret-that-is-long-enough-0123456789",
      trustHost: true,
      basePath: "/auth",
      logger: { error: (error) => void errors.push(error.name) },
      providers: [provider()],
      callbacks: {
        session: ({ session, user }) => ({
          ...session,
          user: { ...session.user, role: (user as { role?: string }).role },
        }),
      },
    }),
  );

  beforeAll(async () => {
    server = await startLocalServer();
    server.respond((incoming, response) => {
      if (incoming.url.startsWith("/token"))
        sendJson(response, 200, { access_token: "at-1", token_type: "bearer", expires_in: 3600, scope: "read" });
      else if (incoming.url.startsWith("/userinfo"))
        sendJson(response, 200, { id: 42, name: "No Mail", role: "admin" });
      else sendJson(response, 404, {});
    });
    db = await openEmbeddedDatabase();
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
    await server.close();
  });

  it("signs the user in, stores a null e-mail and keeps the role for the session", async () => {
    const { csrfToken } = (await (await request("/csrf")).json()) as { csrfToken: string };
    const signIn = await request("/signin/nomail", { method: "POST", body: new URLSearchParams({ csrfToken }) });
    const authorize = new URL(signIn.headers.get("location") ?? "");
    expect(authorize.origin + authorize.pathname).toBe(`${server.url}/authorize`);

    const callback = await request(`/callback/nomail?code=code-1&state=${authorize.searchParams.get("state")}`);
    expect(errors).toEqual([]);
    expect(callback.headers.get("location")).not.toContain("error");

    const session = (await (await request("/session")).json()) as { user?: { name?: string; role?: string } };
    expect(session.user).toMatchObject({ name: "No Mail", role: "admin" });
    const rows = await db.query("SELECT email, extra FROM users");
    expect(rows.rows).toEqual([{ email: null, extra: { role: "admin" } }]);
    const accounts = await db.query("SELECT provider, provider_account_id, access_token FROM accounts");
    expect(accounts.rows).toEqual([{ provider: "nomail", provider_account_id: "42", access_token: "at-1" }]);
  });
});
