import { beforeEach, describe, expect, it, vi } from "vitest";
import { createServerAuth, ERROR_HEADER, SESSION_COOKIES, type ServerAuth } from "../../../src/server/index.js";
import { BrowserJar, locationOf } from "../../support/browser-jar.js";
import { API_KEY, APP, appOptions, type FakeAuthHost, hostWithAuth, REDIRECT_URI } from "./fake-auth-host.js";

let host: FakeAuthHost;
let auth: ServerAuth;

beforeEach(async () => {
  ({ host, auth } = await hostWithAuth());
});

/** Starts a login in `jar` and returns the authorize URL's state. */
async function startLogin(jar: BrowserJar, query = ""): Promise<{ authorize: URL; state: string }> {
  const authorize = new URL(locationOf(await jar.send(auth, `${APP}/api/auth/login${query}`)));
  return { authorize, state: authorize.searchParams.get("state") ?? "" };
}

/** The hosted login's answer: back to the redirect URI with a code and the state. */
const callbackUrl = (state: string, code: string) =>
  `${REDIRECT_URI}?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`;

/** Follows the callback and its cookie check; returns the final response. */
async function finishLogin(jar: BrowserJar, state: string, code = host.issueCode()): Promise<Response> {
  const callback = await jar.send(auth, callbackUrl(state, code));
  if (callback.status !== 302) return callback;
  return jar.send(auth, locationOf(callback));
}

/** The failure page's code, after checking it is a page and not a redirect. */
async function failureCode(response: Response): Promise<string | null> {
  expect(response.headers.get("location")).toBeNull();
  expect(response.status).toBeGreaterThanOrEqual(400);
  const code = response.headers.get(ERROR_HEADER);
  expect(await response.text()).toContain(`<code>${code}</code>`);
  return code;
}

describe("the login round trip", () => {
  it("login → hosted login → callback → cookie check → the return path, signed in", async () => {
    const jar = new BrowserJar();
    const { authorize, state } = await startLogin(jar, "?return_to_path=%2Fdashboard%3Ftab%3D2&prompt=login");
    expect(authorize.origin + authorize.pathname).toBe(`${host.issuer}/propelauth/ssr/authorize`);
    expect(authorize.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(authorize.searchParams.get("signup")).toBe("false");
    expect(authorize.searchParams.get("prompt")).toBe("login");
    expect(state.length).toBeGreaterThan(40);
    const stateCookies = [...jar.cookies].filter(([name]) => name.startsWith("__pa_state."));
    expect(stateCookies).toHaveLength(1);
    expect(stateCookies[0]![1].attributes).toContain("HttpOnly");
    expect(stateCookies[0]![1].attributes).toContain("Secure");
    expect(stateCookies[0]![1].path).toBe("/api/auth/callback");

    const callback = await jar.send(auth, callbackUrl(state, host.issueCode()));
    const check = new URL(locationOf(callback));
    expect(check.origin + check.pathname).toBe(REDIRECT_URI);
    expect(check.searchParams.has("orgauth_check")).toBe(true);
    expect(jar.cookies.get(SESSION_COOKIES.accessToken)?.attributes).toBe("Path=/; HttpOnly; SameSite=Lax; Secure");
    expect(jar.cookies.has(SESSION_COOKIES.refreshToken)).toBe(true);
    expect([...jar.cookies.keys()].some((name) => name.startsWith("__pa_state."))).toBe(false);
    expect(host.callsTo("/propelauth/ssr/token")[0]).toMatchObject({
      authorization: `Bearer ${API_KEY}`,
      body: { redirect_uri: REDIRECT_URI },
    });

    const final = await jar.send(auth, check.href);
    expect(locationOf(final)).toBe(`${APP}/dashboard?tab=2`);
    const user = await auth.readSession(jar.request(`${APP}/dashboard`));
    expect(user?.email).toBe("ada@example.com");
  });

  it("signup sends signup=true", async () => {
    const authorize = new URL(locationOf(await new BrowserJar().send(auth, `${APP}/api/auth/signup`)));
    expect(authorize.searchParams.get("signup")).toBe("true");
  });

  it("two tabs that start a login at once both finish (one state cookie per attempt)", async () => {
    const jar = new BrowserJar();
    const first = await startLogin(jar, "?return_to_path=/one");
    const second = await startLogin(jar, "?return_to_path=/two");
    expect(first.state).not.toBe(second.state);
    expect(locationOf(await finishLogin(jar, second.state))).toBe(`${APP}/two`);
    expect(locationOf(await finishLogin(jar, first.state))).toBe(`${APP}/one`);
  });

  it("starts the session with the org token of the active org the browser had chosen", async () => {
    const jar = new BrowserJar();
    jar.take({ setCookies: [`${SESSION_COOKIES.activeOrgId}=org-b; Path=/`] });
    const { state } = await startLogin(jar);
    await finishLogin(jar, state);
    const user = await auth.readSession(jar.request(`${APP}/`));
    expect(user?.activeOrgId).toBe("org-b");
    expect(host.callsTo("/api/backend/v1/refresh_token")[0]?.query).toContain("active_org_id=org-b");
  });

  it("refuses a return path off the app's origin with a named page", async () => {
    for (const target of ["https://evil.example/x", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      const response = await new BrowserJar().send(
        auth,
        `${APP}/api/auth/login?return_to_path=${encodeURIComponent(target)}`,
      );
      expect(await failureCode(response), target).toBe("unsafe_return_path");
    }
    const allowed = createServerAuth(appOptions(host, { allowedRedirectOrigins: ["https://docs.example.com"] }));
    const response = await allowed.handleAuthRoute(
      new Request(`${APP}/api/auth/login?return_to_path=${encodeURIComponent("https://docs.example.com/a")}`),
    );
    expect(response.status).toBe(302);
  });
});

describe("no redirect loop: a round trip without a session is a named failure page", () => {
  it("cookie_not_set when the browser keeps no cookies (at the callback, and at the cookie check)", async () => {
    const jar = new BrowserJar();
    const { state } = await startLogin(jar);
    const noCookies = await auth.handleAuthRoute(new Request(callbackUrl(state, host.issueCode())));
    expect(await failureCode(noCookies)).toBe("cookie_not_set");

    const callback = await jar.send(auth, callbackUrl(state, host.issueCode()));
    const dropped = await auth.handleAuthRoute(new Request(locationOf(callback)));
    expect(await failureCode(dropped)).toBe("cookie_not_set");
  });

  it("host_name_mismatch when the login started on another host name than the redirect URI's", async () => {
    const jar = new BrowserJar();
    const authorize = new URL(locationOf(await jar.send(auth, "https://other-name.example.com/api/auth/login")));
    const callback = await auth.handleAuthRoute(
      new Request(callbackUrl(authorize.searchParams.get("state") ?? "", host.issueCode())),
    );
    const code = await failureCode(callback);
    expect(code).toBe("host_name_mismatch");
  });

  it("host_name_mismatch from the Host header when the framework gives every request URL as localhost (Next.js)", async () => {
    const local = createServerAuth(appOptions(host, { redirectUri: "http://localhost:3000/api/auth/callback" }));
    // the browser is at 127.0.0.1; the route handler's request.url says localhost, the Host header says where it is
    const asBrowser = (href: string, hostHeader: string) => new Request(href, { headers: { host: hostHeader } });
    const login = await local.handleAuthRoute(asBrowser("http://localhost:3000/api/auth/login", "127.0.0.1:3000"));
    const state = new URL(locationOf(login)).searchParams.get("state") ?? "";
    const callback = `http://localhost:3000/api/auth/callback?code=${host.issueCode()}&state=${encodeURIComponent(state)}`;
    const response = await local.handleAuthRoute(asBrowser(callback, "localhost:3000"));
    expect(await failureCode(response)).toBe("host_name_mismatch");
    expect(await local.handleAuthRoute(asBrowser(callback, "localhost:3000")).then((r) => r.text())).toContain(
      "The login started at http://127.0.0.1:3000 but came back to http://localhost:3000",
    );
  });

  it("reads X-Forwarded-Host only with trustHost", async () => {
    const redirectUri = "https://app.example.com/api/auth/callback";
    const behindProxy = { host: "10.0.0.5:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    const originOf = async (trustHost: boolean) => {
      const other = createServerAuth(appOptions(host, { redirectUri, trustHost }));
      const login = await other.handleAuthRoute(
        new Request("http://localhost:3000/api/auth/login", { headers: behindProxy }),
      );
      const state = new URL(locationOf(login)).searchParams.get("state") ?? "";
      const callback = new Request(`${redirectUri}?code=x&state=${encodeURIComponent(state)}`, {
        headers: { host: "app.example.com" },
      });
      return (await (await other.handleAuthRoute(callback)).text()).match(/started at (\S+) but/)?.[1];
    };
    expect(await originOf(false)).toBe("http://10.0.0.5:3000");
    expect(await originOf(true)).toBe("https://evil.example");
  });

  it("state_missing, state_mismatch (forged or another attempt's), code_missing, authorize_error", async () => {
    const jar = new BrowserJar();
    const { state } = await startLogin(jar);
    expect(await failureCode(await jar.send(auth, `${REDIRECT_URI}?code=x`))).toBe("state_missing");
    const forged = `${state.slice(0, -4)}AAAA`;
    expect(await failureCode(await jar.send(auth, callbackUrl(forged, "x")))).toBe("state_mismatch");
    const otherJar = new BrowserJar();
    const other = await startLogin(otherJar);
    expect(await failureCode(await jar.send(auth, callbackUrl(other.state, "x")))).toBe("state_mismatch");
    expect(await failureCode(await jar.send(auth, `${REDIRECT_URI}?state=${encodeURIComponent(state)}`))).toBe(
      "code_missing",
    );
    expect(await failureCode(await jar.send(auth, `${REDIRECT_URI}?error=access_denied&state=x`))).toBe(
      "authorize_error",
    );
  });

  it("invalid_api_key, redirect_uri_mismatch, code_rejected, auth_host_unreachable from the code exchange", async () => {
    const cases: [Parameters<typeof createServerAuth>[0], string][] = [
      [appOptions(host, { apiKey: "wrong" }), "invalid_api_key"],
      [appOptions(host, { redirectUri: `${APP}/auth/callback` }), "redirect_uri_mismatch"],
      [
        appOptions(host, { fetch: () => Promise.reject(new TypeError("connect ECONNREFUSED")) }),
        "auth_host_unreachable",
      ],
    ];
    for (const [options, expected] of cases) {
      const other = createServerAuth(options);
      const jar = new BrowserJar();
      const authorize = new URL(locationOf(await jar.send(other, `${APP}/api/auth/login`)));
      const callbackAt = new URL(options.redirectUri);
      callbackAt.searchParams.set("code", host.issueCode());
      callbackAt.searchParams.set("state", authorize.searchParams.get("state") ?? "");
      expect(await failureCode(await jar.send(other, callbackAt.href)), expected).toBe(expected);
    }
    const jar = new BrowserJar();
    const { state } = await startLogin(jar);
    expect(await failureCode(await jar.send(auth, callbackUrl(state, "used-or-unknown-code")))).toBe("code_rejected");
  });

  it("the failure page shows neither the API key's first characters nor the URL's error_description: the log has them", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const wrongKey = createServerAuth(appOptions(host, { apiKey: "sk_live_secret" }));
      const jar = new BrowserJar();
      const authorize = new URL(locationOf(await jar.send(wrongKey, `${APP}/api/auth/login`)));
      const callback = await jar.send(
        wrongKey,
        callbackUrl(authorize.searchParams.get("state") ?? "", host.issueCode()),
      );
      expect(callback.headers.get(ERROR_HEADER)).toBe("invalid_api_key");
      expect(await callback.text()).not.toContain("sk_l");
      expect(String(warn.mock.calls.at(-1)?.[0])).toContain("sk_l");

      const foreign = "Your account is locked: call +1 555 0100 at evil.example";
      const query = new URLSearchParams({ error: "<b>made_up</b>", error_description: foreign, state: "x" });
      const page = await (await jar.send(auth, `${REDIRECT_URI}?${query}`)).text();
      expect(page).not.toContain("evil.example");
      expect(page).not.toContain("made_up");
      expect(String(warn.mock.calls.at(-1)?.[0])).toContain("evil.example");
      const denied = new URLSearchParams({ error: "access_denied", error_description: foreign });
      expect(await (await jar.send(auth, `${REDIRECT_URI}?${denied}`)).text()).toContain("(access_denied)");
    } finally {
      warn.mockRestore();
    }
  });

  it("issuer_mismatch when the auth URL names the auth host by another name than its tokens' issuer", async () => {
    const misnamed = createServerAuth(
      appOptions(host, {
        authUrl: "https://auth-other-name.example.com",
        fetch: (input, init) =>
          host.fetch(String(input).replace("auth-other-name.example.com", "auth.example.com"), init),
      }),
    );
    const jar = new BrowserJar();
    const authorize = new URL(locationOf(await jar.send(misnamed, `${APP}/api/auth/login`)));
    const response = await jar.send(misnamed, callbackUrl(authorize.searchParams.get("state") ?? "", host.issueCode()));
    expect(await failureCode(response)).toBe("issuer_mismatch");
    expect(jar.cookies.has(SESSION_COOKIES.refreshToken)).toBe(false);
  });

  it("the failure page links to a fresh login (for a person to click) and never redirects", async () => {
    const jar = new BrowserJar();
    const { state } = await startLogin(jar, "?return_to_path=/deep");
    const response = await auth.handleAuthRoute(new Request(callbackUrl(state, host.issueCode())));
    const html = await response.text();
    expect(html).toContain(`href="${APP}/api/auth/login?return_to_path=${encodeURIComponent(`${APP}/deep`)}"`);
    expect(response.headers.get("refresh")).toBeNull();
  });
});

describe("the routes", () => {
  it("answers an unknown route 404 and a wrong method 405, as JSON", async () => {
    const unknown = await auth.handleAuthRoute(new Request(`${APP}/api/auth/nope`));
    expect([unknown.status, (await unknown.json()).error_code]).toEqual([404, "unknown_auth_route"]);
    const wrong = await auth.handleAuthRoute(new Request(`${APP}/api/auth/callback`, { method: "POST" }));
    expect([wrong.status, wrong.headers.get("allow")]).toEqual([405, "GET"]);
  });

  it("logs out at the auth host too, clears the cookies, and the refresh token is dead afterwards", async () => {
    const jar = new BrowserJar();
    await finishLogin(jar, (await startLogin(jar)).state);
    const refreshToken = jar.cookies.get(SESSION_COOKIES.refreshToken)?.value ?? "";
    expect(host.refreshTokens.has(refreshToken)).toBe(true);
    const response = await jar.send(auth, `${APP}/api/auth/logout`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(host.callsTo("/api/backend/v1/logout")[0]?.body).toEqual({ refresh_token: refreshToken });
    expect(host.refreshTokens.has(refreshToken)).toBe(false);
    expect(jar.cookies.size).toBe(0);
    expect(await auth.readSession(jar.request(`${APP}/`))).toBeUndefined();
  });

  it("POST logout clears the cookies also when the auth host fails; GET logout then keeps them and goes to the checked return path", async () => {
    const jar = new BrowserJar();
    await finishLogin(jar, (await startLogin(jar)).state);
    host.behaviour.refresh = "down";
    const failingLogout = createServerAuth(appOptions(host, { fetch: () => Promise.reject(new TypeError("down")) }));
    // an unreachable auth host says nothing about the session: the landing page keeps it
    const landing = await jar.send(failingLogout, `${APP}/api/auth/logout?return_to_path=/bye`);
    expect(locationOf(landing)).toBe(`${APP}/bye`);
    expect(jar.cookies.size).toBeGreaterThan(0);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await jar.send(failingLogout, `${APP}/api/auth/logout`, {
      method: "POST",
      headers: { origin: APP },
    });
    warn.mockRestore();
    expect(response.status).toBe(200);
    expect(jar.cookies.size).toBe(0);
    const unsafe = await auth.handleAuthRoute(new Request(`${APP}/api/auth/logout?return_to_path=//evil.example`));
    expect(unsafe.status).toBe(400);
  });

  it("userinfo answers the user's details without a refresh while the token is valid; 401 when signed out", async () => {
    const jar = new BrowserJar();
    await finishLogin(jar, (await startLogin(jar)).state);
    const before = jar.cookies.get(SESSION_COOKIES.refreshToken)?.value;
    const refreshesBefore = host.callsTo("/api/backend/v1/refresh_token").length;
    const answers = await Promise.all([1, 2, 3].map(() => jar.send(auth, `${APP}/api/auth/userinfo`)));
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200]);
    const body = await answers[0]!.json();
    expect(body.userinfo).toMatchObject({ email: "ada@example.com", org_id_to_org_info: { "org-b": {} } });
    expect(body.user).toMatchObject({
      hasMfaEnabled: true,
      canCreateOrgs: true,
      pictureUrl: "https://img.example/ada",
    });
    expect(typeof body.accessToken).toBe("string");
    // reading the session rotates nothing: no refresh call, the same refresh token in the jar
    expect(host.callsTo("/api/backend/v1/refresh_token").length).toBe(refreshesBefore);
    expect(jar.cookies.get(SESSION_COOKIES.refreshToken)?.value).toBe(before);
    // the details: one backend user fetch (with include_orgs, the API key as bearer) for the three reads
    const fetches = host.calls.filter((call) => call.path.startsWith("/api/backend/v1/user/"));
    expect(fetches.map((call) => [call.query, call.authorization])).toEqual([
      ["?include_orgs=true", `Bearer ${API_KEY}`],
    ]);

    const signedOut = await new BrowserJar().send(auth, `${APP}/api/auth/userinfo`);
    expect([signedOut.status, (await signedOut.json()).error_code]).toEqual([401, "not_logged_in"]);
  });

  it("set-active-org stores the org token and the org cookie; another user's org is refused", async () => {
    const jar = new BrowserJar();
    await finishLogin(jar, (await startLogin(jar)).state);
    const response = await jar.send(auth, `${APP}/api/auth/set-active-org?active_org_id=org-b`, { method: "POST" });
    expect(response.status).toBe(200);
    expect((await response.json()).activeOrgId).toBe("org-b");
    expect(jar.cookies.get(SESSION_COOKIES.activeOrgId)?.value).toBe("org-b");
    const user = await auth.readSession(jar.request(`${APP}/`));
    expect([user?.activeOrgId, user?.getOrgs().length]).toEqual(["org-b", 1]);

    const refused = await jar.send(auth, `${APP}/api/auth/set-active-org?active_org_id=org-x`, { method: "POST" });
    expect([refused.status, (await refused.json()).error_code]).toEqual([400, "user_not_in_org"]);
    // the session stays as it was: still in org-b
    expect(jar.cookies.get(SESSION_COOKIES.activeOrgId)?.value).toBe("org-b");
    expect((await auth.readSession(jar.request(`${APP}/`)))?.activeOrgId).toBe("org-b");
    const missing = await jar.send(auth, `${APP}/api/auth/set-active-org`, { method: "POST" });
    expect(missing.status).toBe(400);
  });
});
