import { decodeJwt } from "jose";
import { expect } from "vitest";
import * as server from "../../../src/generated/server-operations.js";
import { DEMO_IDS } from "../../../src/emulator/seeds/demo-seed.js";
import { APP_CALLBACK, authorizeCode, loggedIn, serverSession, serverTransport } from "../harness.js";
import type { Case } from "./case.js";

const t = () => serverTransport();
const wrongKey = () => serverTransport("not-the-integration-key");
const codeFor = async (email: string) => authorizeCode(await loggedIn(email));

/** The server-side session's calls (an app's server with the integration API key, userinfo with an access token). */
export const serverSessionCases: Case[] = [
  {
    op: "ssrToken",
    status: 200,
    rule: "a fresh code for its redirect URI gives the user's access and refresh tokens",
    async run() {
      const tokens = await server.ssrToken(t(), {
        body: { redirect_uri: APP_CALLBACK, code: await codeFor("ada@acme.example") },
      });
      expect(decodeJwt(tokens.access_token)).toMatchObject({ email: "ada@acme.example", sub: DEMO_IDS.ada });
      expect(tokens.refresh_token.length).toBeGreaterThan(20);
    },
  },
  {
    op: "ssrToken",
    status: 400,
    code: "invalid_request_fields",
    rule: "an empty code",
    run: () => server.ssrToken(t(), { body: { redirect_uri: APP_CALLBACK, code: " " } }),
  },
  {
    op: "ssrToken",
    status: 400,
    code: "bad_request",
    rule: "a code used twice (single use)",
    async run() {
      const code = await codeFor("ada@acme.example");
      await server.ssrToken(t(), { body: { redirect_uri: APP_CALLBACK, code } });
      return server.ssrToken(t(), { body: { redirect_uri: APP_CALLBACK, code } });
    },
  },
  {
    op: "ssrToken",
    status: 400,
    code: "bad_request",
    rule: "a code exchanged for another redirect URI than it was issued for",
    run: async () =>
      server.ssrToken(t(), {
        body: { redirect_uri: "http://localhost:3001/api/auth/callback", code: await codeFor("ada@acme.example") },
      }),
  },
  {
    op: "ssrToken",
    status: 401,
    code: "invalid_api_key",
    rule: "a wrong integration API key",
    run: async () =>
      server.ssrToken(wrongKey(), { body: { redirect_uri: APP_CALLBACK, code: await codeFor("ada@acme.example") } }),
  },
  {
    op: "backendRefreshToken",
    status: 200,
    rule: "without an active org: a user token with every membership, and a new refresh token",
    async run() {
      const { refresh_token } = await serverSession("ada@acme.example");
      const next = await server.backendRefreshToken(t(), { body: { refresh_token } });
      expect(next.refresh_token).not.toBe(refresh_token);
      const claims = decodeJwt(next.access_token.access_token);
      expect(Object.keys(claims.org_id_to_org_member_info as object)).toContain(DEMO_IDS.acme);
      expect(claims.org_member_info).toBeUndefined();
    },
  },
  {
    op: "backendRefreshToken",
    status: 200,
    rule: "with an active org: an org token carrying org_member_info instead of org_id_to_org_member_info",
    async run() {
      const { refresh_token } = await serverSession("ada@acme.example");
      const next = await server.backendRefreshToken(t(), {
        query: { with_active_org_support: true, active_org_id: DEMO_IDS.acme },
        body: { refresh_token },
      });
      const claims = decodeJwt(next.access_token.access_token);
      expect(claims.org_member_info).toMatchObject({ org_id: DEMO_IDS.acme, user_role: "Owner" });
      expect(claims.org_id_to_org_member_info).toBeUndefined();
    },
  },
  {
    op: "backendRefreshToken",
    status: 400,
    code: "invalid_request_fields",
    rule: "an active org without with_active_org_support=true",
    run: async () =>
      server.backendRefreshToken(t(), {
        query: { active_org_id: DEMO_IDS.acme },
        body: { refresh_token: (await serverSession("ada@acme.example")).refresh_token },
      }),
  },
  {
    op: "backendRefreshToken",
    status: 400,
    code: "bad_request",
    rule: "an active org the user is not a member of",
    run: async () =>
      server.backendRefreshToken(t(), {
        query: { with_active_org_support: true, active_org_id: DEMO_IDS.initech },
        body: { refresh_token: (await serverSession("ada@acme.example")).refresh_token },
      }),
  },
  {
    op: "backendRefreshToken",
    status: 401,
    code: "not_logged_in",
    rule: "a refresh token whose session was logged out",
    async run() {
      const { refresh_token } = await serverSession("ada@acme.example");
      await server.backendLogout(t(), { body: { refresh_token } });
      return server.backendRefreshToken(t(), { body: { refresh_token } });
    },
  },
  {
    op: "backendRefreshToken",
    status: 401,
    code: "invalid_api_key",
    rule: "no valid integration API key",
    run: async () =>
      server.backendRefreshToken(wrongKey(), {
        body: { refresh_token: (await serverSession("ada@acme.example")).refresh_token },
      }),
  },
  {
    op: "backendLogout",
    status: 204,
    rule: "ends the session (and an unknown token is answered the same)",
    async run() {
      await server.backendLogout(t(), {
        body: { refresh_token: (await serverSession("ada@acme.example")).refresh_token },
      });
      await server.backendLogout(t(), { body: { refresh_token: "unknown-token" } });
    },
  },
  {
    op: "backendLogout",
    status: 400,
    code: "invalid_request_fields",
    rule: "no refresh token",
    run: () => server.backendLogout(t(), { body: { refresh_token: " " } }),
  },
  {
    op: "backendLogout",
    status: 401,
    code: "invalid_api_key",
    rule: "a wrong integration API key",
    run: () => server.backendLogout(wrongKey(), { body: { refresh_token: "whatever" } }),
  },
  {
    op: "oauthUserinfo",
    status: 200,
    rule: "the access token's user as stored now, with every membership",
    async run() {
      const { access_token } = await serverSession("ada@acme.example");
      const info = await server.oauthUserinfo(t(), { accessToken: access_token });
      expect(info).toMatchObject({ user_id: DEMO_IDS.ada, email: "ada@acme.example", email_confirmed: true });
      expect(info.org_id_to_org_info[DEMO_IDS.acme]?.user_role).toBe("Owner");
    },
  },
  {
    op: "oauthUserinfo",
    status: 401,
    code: "not_logged_in",
    rule: "a token not signed by the emulator",
    async run() {
      const { access_token } = await serverSession("ada@acme.example");
      const [header, payload] = access_token.split(".");
      return server.oauthUserinfo(t(), { accessToken: `${header}.${payload}.c2lnbmF0dXJl` });
    },
  },
];
