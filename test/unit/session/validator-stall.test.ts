/**
 * The session's later chunk (the engine, with the session's validators) loads apart from the first load; waiting for
 * it is part of what needs it. A chunk that has not arrived yet ends a refresh's answer (and a logout) at the request
 * timeout, like a slow answer, instead of hanging it; a 401 needs none of it; the synchronous calls work without it,
 * and a call made before it arrives is answered once it has. The chunk is held back here by a module mock: the
 * tests run in order, the last one lets it arrive.
 */
import { describe, expect, it, vi } from "vitest";
import { createAuthClient } from "../../../src/session/create-auth-client.js";
import { engineLibrary } from "../../../src/session/engine-library.js";
import { createServerEnvironment } from "../../../src/session/environment.js";
import { resolveTiming } from "../../../src/session/options.js";
import { refreshOnce, type SessionRequestContext } from "../../../src/session/refresh-request.js";
import { refreshBody } from "../../support/refresh-body.js";

const chunk = vi.hoisted(() => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});

// The engine's chunk, held back until a test lets it arrive (a slow or stalled download).
vi.mock("../../../src/session/session-engine.js", async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const AUTH_URL = "https://auth.example.com";

function context(answer: () => Response, signal = new AbortController().signal): SessionRequestContext {
  return {
    env: createServerEnvironment({ fetch: async () => answer() }),
    authOrigin: AUTH_URL,
    timing: resolveTiming({ timeoutMs: 50, retryDelaysMs: [] }),
    emit: () => undefined,
    signal,
    lib: engineLibrary(),
  };
}

/** A client in a browser-like environment whose auth server answers `answer` (and counts the requests). */
function browserClient(answer: () => Response, timeoutMs = 50) {
  const requests: string[] = [];
  const environment = createServerEnvironment({
    isBrowser: true,
    fetch: async (input) => {
      requests.push(String(input));
      return answer();
    },
  });
  return { client: createAuthClient({ authUrl: AUTH_URL, environment, timeoutMs }), requests };
}

describe("the session's later chunk before it arrives", () => {
  it("ends a refresh's answer at the request timeout", async () => {
    const ctx = context(() => Response.json(refreshBody(Date.now(), 1800)));
    await expect(refreshOnce(ctx, null)).rejects.toMatchObject({ name: "RefreshError", kind: "timeout" });
  });

  it("does not hold up a 401, which needs none of it", async () => {
    const ctx = context(() => new Response(null, { status: 401 }));
    await expect(refreshOnce(ctx, null)).resolves.toEqual({ authInfo: null, skew: null });
  });

  it("ends a logout at the request timeout, as a LogoutError", async () => {
    const { client } = browserClient(() => Response.json({ redirect_to: `${AUTH_URL}/` }));
    await expect(client.logout()).rejects.toMatchObject({ name: "LogoutError", status: 0 });
    client.destroy();
  });

  it("stops being waited for when the client is destroyed, with its reason", async () => {
    const lifetime = new AbortController();
    const ctx = context(() => Response.json(refreshBody(Date.now(), 1800)), lifetime.signal);
    const refresh = refreshOnce({ ...ctx, timing: resolveTiming({ timeoutMs: 60_000 }) }, null);
    const reason = new Error("destroyed");
    setTimeout(() => lifetime.abort(reason), 20);
    await expect(refresh).rejects.toBe(reason);
  });

  it("leaves the synchronous calls working; a call made meanwhile is answered once it arrives", async () => {
    const { client, requests } = browserClient(() => Response.json(refreshBody(Date.now(), 1800)), 60_000);
    const told: string[] = [];
    const unsubscribe = client.subscribe(() => told.push(client.getSnapshot().status));
    expect(client.getSnapshot().status).toBe("loading");
    client.setActiveOrgId("o1"); // an org switch while the engine is away: its refresh runs once it is here
    expect(client.getActiveOrgId()).toBe("o1");
    const authInfo = client.getAuthInfo();
    await new Promise((resolve) => setTimeout(resolve, 30));
    // the first refresh left without the engine; its answer waits for the chunk, and so does the call
    expect(requests).toEqual([`${AUTH_URL}/api/v1/refresh_token`]);
    expect(client.getSnapshot().status).toBe("loading");
    chunk.arrive();
    await expect(authInfo).resolves.toMatchObject({ user: { email: expect.any(String) } });
    expect(client.getSnapshot().status).toBe("logged_in");
    expect(told).toContain("logged_in");
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    // the call took the first refresh's answer (no request of its own); the org switch asked for the org's token
    expect(requests[1]).toBe(`${AUTH_URL}/api/v1/refresh_token?active_org_id=o1`);
    expect(client.getActiveOrgId()).toBe("o1");
    unsubscribe();
    client.destroy();
  });
});
