import type { IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { DEMO_PASSWORD } from "../../src/emulator/index.js";
import { ACCESS_TOKEN_HEADER, createServerAuth, type ServerAuth } from "../../src/server/index.js";
import { createCookieFetch } from "../../src/testing/index.js";
import { type LocalServer, startLocalServer } from "../support/local-server.js";
import { admin } from "./harness.js";
import { signedInAtAuthHost } from "./server-sign-in.js";

/**
 * A user in 50 orgs (a user token of about 32 KB) signs in, renders signed in, switches org and logs out through
 * `orgauth/server`'s handlers on the shared emulator, behind a proxy that answers 431 to a request whose headers
 * exceed 8 KB (as nginx's default does): the session must fit orgauth's cookies (under 4 KB) and the render's
 * forwarded token too, which the org token of the active org makes possible.
 */
const EMAIL = "polly@many.example";
const ORG_COUNT = 50;
const HEADER_LIMIT = 8 * 1024;
const orgId = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`;

let app: LocalServer;
let proxy: LocalServer;
let auth: ServerAuth;
/** Refresh calls the app made to the emulator, and the 431s the proxy answered. */
let refreshes = 0;
let refused = 0;

/** Bytes of a request's header lines (`name: value\r\n`) as the proxy received them. */
const headerBytes = (headers: IncomingHttpHeaders) =>
  Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + 4 + String(value).length, 0);

beforeAll(async () => {
  await admin.reset();
  await admin.call("POST", "/__emulator/seed", {
    users: [{ email: EMAIL, password: DEMO_PASSWORD, firstName: "Polly" }],
    orgs: Array.from({ length: ORG_COUNT }, (_, index) => ({
      id: orgId(index),
      name: `Many Org ${index}`,
      members: [{ email: EMAIL, role: "Admin" }],
    })),
  });
  proxy = await startLocalServer(undefined, { record: false });
  auth = createServerAuth({
    authUrl: inject("emulatorUrl"),
    apiKey: inject("emulatorApiKey"),
    redirectUri: `${proxy.url}/api/auth/callback`,
    fetch: (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes("/refresh_token")) refreshes++;
      return fetch(input, init);
    },
  });
  // the app: the auth routes, else the request handler (middleware) then a render that reads the forwarded token
  app = await startLocalServer(
    (incoming, response) => {
      const headers = new Headers(incoming.headers as Record<string, string>);
      const request = new Request(`${proxy.url}${incoming.url}`, { method: incoming.method, headers });
      const answer = async (): Promise<Response> => {
        if (incoming.url.startsWith("/api/auth/")) return auth.handleAuthRoute(request);
        const update = await auth.handleRequest(request);
        const user = await auth.readSession(new Request(request.url, { headers: update.requestHeaders }));
        const body = {
          email: user?.email ?? null,
          orgIds: user?.getOrgs().map((org) => org.orgId) ?? [],
          activeOrgId: user?.activeOrgId ?? null,
          forwardedTokenBytes: update.requestHeaders.get(ACCESS_TOKEN_HEADER)?.length ?? 0,
        };
        const rendered = Response.json(body);
        for (const line of update.setCookies) rendered.headers.append("Set-Cookie", line);
        return rendered;
      };
      void answer().then(async (result) => {
        response.statusCode = result.status;
        for (const [name, value] of result.headers) if (name !== "set-cookie") response.setHeader(name, value);
        response.setHeader("Set-Cookie", result.headers.getSetCookie());
        response.end(await result.text());
      });
    },
    { record: false },
  );
  // the proxy: 431 over 8 KB of request headers, else the request passed to the app as it came
  proxy.respond((incoming, response) => {
    if (headerBytes(incoming.headers) > HEADER_LIMIT) {
      refused++;
      response.statusCode = 431;
      response.end();
      return;
    }
    const { host: _, connection: __, ...headers } = incoming.headers;
    void fetch(`${app.url}${incoming.url}`, {
      method: incoming.method,
      headers: headers as Record<string, string>,
      redirect: "manual",
      ...(incoming.body !== "" && { body: incoming.body }),
    }).then(async (result) => {
      response.statusCode = result.status;
      for (const [name, value] of result.headers) {
        if (!["set-cookie", "content-length", "content-encoding", "transfer-encoding"].includes(name))
          response.setHeader(name, value);
      }
      response.setHeader("Set-Cookie", result.headers.getSetCookie());
      response.end(Buffer.from(await result.arrayBuffer()));
    });
  });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await app?.close();
  await admin.reset();
});

describe("a user in 50 orgs behind a proxy that refuses headers over 8 KB", () => {
  it("signs in, renders signed in, switches org and logs out; the cookies stay under 4 KB", async () => {
    const host = new URL(proxy.url).hostname;
    const browser = createCookieFetch();
    const cookieBytes = () =>
      Object.entries(browser.cookies(host)).reduce((sum, [name, value]) => sum + name.length + value.length + 3, -2);
    const authHost = await signedInAtAuthHost(inject("emulatorUrl"), EMAIL);

    const login = await browser(`${proxy.url}/api/auth/login?return_to_path=/dashboard`);
    const back = await authHost(login.headers.get("location") ?? "");
    const callback = await browser(back.headers.get("location") ?? "");
    expect(callback.status).toBe(302);
    const check = await browser(callback.headers.get("location") ?? "");
    expect(check.headers.get("location")).toBe(`${proxy.url}/dashboard`);
    expect(cookieBytes()).toBeLessThan(4096);

    // the render: signed in with the first org's token, forwarded under 4 KB, no refresh on the next page
    refreshes = 0;
    const page = (await (await browser(`${proxy.url}/dashboard`)).json()) as Record<string, unknown>;
    expect(page).toMatchObject({ email: EMAIL, activeOrgId: orgId(0), orgIds: [orgId(0)] });
    expect(page.forwardedTokenBytes).toBeGreaterThan(0);
    expect(page.forwardedTokenBytes).toBeLessThan(4096);
    expect(refreshes).toBe(0);

    // switch org: the org token of the chosen org
    const switched = await browser(`${proxy.url}/api/auth/set-active-org?active_org_id=${orgId(37)}`, {
      method: "POST",
      headers: { Origin: proxy.url },
    });
    expect(switched.status).toBe(200);
    const body = (await switched.json()) as { activeOrgId: string };
    expect(body.activeOrgId).toBe(orgId(37));
    expect(cookieBytes()).toBeLessThan(4096);
    const after = (await (await browser(`${proxy.url}/dashboard`)).json()) as Record<string, unknown>;
    expect(after).toMatchObject({ activeOrgId: orgId(37), orgIds: [orgId(37)] });

    const logout = await browser(`${proxy.url}/api/auth/logout`, { method: "POST", headers: { Origin: proxy.url } });
    expect(logout.status).toBe(200);
    expect(browser.cookies(host)).toEqual({});
    const signedOut = (await (await browser(`${proxy.url}/dashboard`)).json()) as Record<string, unknown>;
    expect(signedOut.email).toBeNull();
    expect(refused).toBe(0);

    // the proxy does refuse what the limit names: a Cookie line of 9 KB
    const big = await fetch(`${proxy.url}/dashboard`, { headers: { Cookie: `x=${"y".repeat(9000)}` } });
    expect(big.status).toBe(431);
  });
});
