import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACCESS_TOKEN_HEADER, SESSION_COOKIES } from "../../../src/server/index.js";
import { appOptions, APP, createFakeAuthHost, type FakeAuthHost, userClaims } from "./fake-auth-host.js";

/**
 * The fresh token the request handler forwards in `ACCESS_TOKEN_HEADER` counts only when the handler set it in this
 * request: a client-sent header never beats the cookie. The handler and the reader may be separate copies of the
 * module (the middleware and route bundles of one Next.js server).
 */
let host: FakeAuthHost;

beforeEach(async () => {
  host = await createFakeAuthHost();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A separately loaded copy of the server module. */
async function loadServerModule() {
  vi.resetModules();
  return import("../../../src/server/index.js");
}

describe("the forwarded access token", () => {
  it("set by one copy's request handler, it is read by another copy; the expired cookie beside it does not matter", async () => {
    const [handler, reader] = [
      (await loadServerModule()).createServerAuth(appOptions(host)),
      (await loadServerModule()).createServerAuth(appOptions(host)),
    ];
    const claims = userClaims();
    const cookie = `${SESSION_COOKIES.accessToken}=${await host.sign(claims, { expiresIn: -60 })}; ${SESSION_COOKIES.refreshToken}=${host.newRefreshToken(claims)}`;
    const update = await handler.handleRequest(new Request(`${APP}/page`, { headers: { cookie } }));
    const forwarded = new Headers(update.requestHeaders);
    forwarded.set("cookie", cookie);
    const user = await reader.readSession(new Request(`${APP}/page`, { headers: forwarded }));
    expect(user?.accessToken).toBe(update.requestHeaders.get(ACCESS_TOKEN_HEADER));
  });

  it("sent by a client, another valid token or garbage, it loses to the cookie; a signature moved to another token too", async () => {
    const auth = (await loadServerModule()).createServerAuth(appOptions(host));
    const cookie = `${SESSION_COOKIES.accessToken}=${await host.sign(userClaims())}`;
    const other = await host.sign(userClaims({ email: "mallory@example.com" }));
    const read = (headers: Record<string, string>) =>
      auth.readSession(new Request(`${APP}/page`, { headers: { cookie, ...headers } }));
    expect((await read({ [ACCESS_TOKEN_HEADER]: other }))?.email).toBe("ada@example.com");
    expect((await read({ [ACCESS_TOKEN_HEADER]: "garbage" }))?.email).toBe("ada@example.com");
    // a signature the handler made for one token does not carry over to another
    const claims = userClaims();
    const update = await auth.handleRequest(
      new Request(`${APP}/page`, {
        headers: { cookie: `${SESSION_COOKIES.refreshToken}=${host.newRefreshToken(claims)}` },
      }),
    );
    const signature = [...update.requestHeaders].find(([name]) => name.endsWith("-signature"))?.[1] ?? "";
    expect(signature).not.toBe("");
    const moved = await read({ [ACCESS_TOKEN_HEADER]: other, [`${ACCESS_TOKEN_HEADER}-signature`]: signature });
    expect(moved?.email).toBe("ada@example.com");
  });

  it("is signed and checked once per token: later page views of the session make no HMAC; a wrong signature still loses", async () => {
    const auth = (await loadServerModule()).createServerAuth(appOptions(host));
    const claims = userClaims();
    const token = await host.sign(claims);
    const other = await host.sign(userClaims({ email: "mallory@example.com" }));
    const [signs, verifies] = [vi.spyOn(crypto.subtle, "sign"), vi.spyOn(crypto.subtle, "verify")];
    // five page views: the request handler forwards the token, the layout and the page read it
    for (let view = 0; view < 5; view++) {
      const cookie = `${SESSION_COOKIES.accessToken}=${token}; ${SESSION_COOKIES.refreshToken}=${host.newRefreshToken(claims)}`;
      const update = await auth.handleRequest(new Request(`${APP}/page`, { headers: { cookie } }));
      for (let read = 0; read < 2; read++) {
        const user = await auth.readSession(new Request(`${APP}/page`, { headers: update.requestHeaders }));
        expect(user?.accessToken).toBe(token);
      }
    }
    // (jose verifies the RS256 signature with WebCrypto too: only the HMAC calls count)
    const calls: unknown[][] = [...signs.mock.calls, ...verifies.mock.calls];
    const hmacCalls = calls.filter(([algorithm]) => algorithm === "HMAC");
    expect(hmacCalls).toHaveLength(1);
    // a remembered token with a signature that is not its own: the cookie wins
    const forged = new Headers({ cookie: `${SESSION_COOKIES.accessToken}=${other}`, [ACCESS_TOKEN_HEADER]: token });
    forged.set(`${ACCESS_TOKEN_HEADER}-signature`, "A".repeat(43));
    expect((await auth.readSession(new Request(`${APP}/page`, { headers: forged })))?.email).toBe(
      "mallory@example.com",
    );
  });
});
