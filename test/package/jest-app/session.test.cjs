/**
 * @jest-environment-options {"url": "http://127.0.0.1/"}
 */
// The session under jest 29 + jsdom 20 against a real server (the emulator the runner started, ORGAUTH_AUTH_URL):
// a refresh, a front-end call through the client's transport, and a logout, each a request that leaves.
const { createAuthClient, createBrowserEnvironment, getAuthTransport, getSecurityStatus, login } = require("orgauth");
const { createHttpFetch } = require("./http-fetch.cjs");

const authUrl = process.env.ORGAUTH_AUTH_URL;

test("the runner gave the emulator's URL", () => {
  expect(authUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

test("a client refreshes, makes a front-end call and logs out against the emulator", async () => {
  const fetch = createHttpFetch();
  const client = createAuthClient({ authUrl, environment: createBrowserEnvironment({ fetch }) });
  try {
    expect(await client.getAuthInfo()).toBeNull();
    const transport = getAuthTransport(client);
    const signedIn = await login(transport, { body: { email: "ada@acme.example", password: "orgauth-demo" } });
    expect(signedIn.login_state).toBe("Finished");
    const info = await client.refresh();
    expect(info.user.email).toBe("ada@acme.example");
    expect(client.getSnapshot().status).toBe("logged_in");
    expect(await getSecurityStatus(transport)).toEqual(expect.any(Object));
    await client.logout();
    expect(client.getSnapshot().status).toBe("logged_out");
    expect(await client.getAuthInfo({ forceRefresh: true })).toBeNull();
    expect(fetch.calls).toEqual(
      expect.arrayContaining([
        "GET /api/v1/refresh_token",
        "POST /api/fe/v3/login",
        "POST /api/fe/v3/security_status",
        "POST /api/v1/logout",
      ]),
    );
  } finally {
    client.destroy();
  }
});
