import { describe, expect, it } from "vitest";
import { createTransport, forwardCookies, getLoginState, isApiError, refreshToken } from "../../../src/index.js";
import { startLocalServer } from "../../support/local-server.js";

/** What the auth host received: the transport's requests, made through `forwardCookies`. */
async function callWith(source: Parameters<typeof forwardCookies>[0]) {
  const server = await startLocalServer();
  server.respond((_, response) => {
    response.setHeader("Content-Type", "application/json");
    response.end(JSON.stringify({ login_state: "Finished" }));
  });
  try {
    const transport = createTransport({ authUrl: server.url, fetch: forwardCookies(source) });
    await getLoginState(transport);
    return server.requests[0]!;
  } finally {
    await server.close();
  }
}

describe("forwardCookies", () => {
  it("sends the incoming request's cookie with the transport's own headers", async () => {
    const incoming = new Request("http://app.example/api/me", { headers: { cookie: "__session=abc; theme=dark" } });
    const received = await callWith(incoming);
    expect(received.headers.cookie).toBe("__session=abc; theme=dark");
    expect(received.headers["x-csrf-token"]).toBe("-.-");
    expect(received.headers["content-type"]).toBe("application/json");
  });

  it("takes a header bag (Headers, a framework's headers()) or the Cookie header's value", async () => {
    expect((await callWith(new Headers({ Cookie: "a=1" }))).headers.cookie).toBe("a=1");
    expect((await callWith({ get: (name) => (name === "cookie" ? "b=2" : null) })).headers.cookie).toBe("b=2");
    expect((await callWith("c=3")).headers.cookie).toBe("c=3");
  });

  it("sends no cookie when the incoming request has none, and forwards nothing else of it", async () => {
    const incoming = new Request("http://app.example/", { headers: { authorization: "Bearer app-token" } });
    const received = await callWith(incoming);
    expect(received.headers.cookie).toBeUndefined();
    expect(received.headers.authorization).toBeUndefined();
    expect((await callWith(null)).headers.cookie).toBeUndefined();
  });

  it("leaves the API's answer to the transport: a 401 is a typed ApiError", async () => {
    const server = await startLocalServer();
    server.respond((_, response) => {
      response.statusCode = 401;
      response.setHeader("Content-Type", "application/json");
      response.end(JSON.stringify({ error_code: "not_logged_in", user_facing_error: "Not logged in" }));
    });
    try {
      const transport = createTransport({ authUrl: server.url, fetch: forwardCookies("__session=expired") });
      const error = await refreshToken(transport).catch((caught: unknown) => caught);
      expect(isApiError(error) && [error.status, error.code]).toEqual([401, "not_logged_in"]);
    } finally {
      await server.close();
    }
  });
});
