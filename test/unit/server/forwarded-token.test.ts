import { beforeEach, describe, expect, it, vi } from "vitest";
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
});
