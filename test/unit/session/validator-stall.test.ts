/**
 * The session's validators load apart from the initial code; waiting for them is part of the request: a chunk that
 * never arrives ends a refresh (and a logout) at the request timeout, like a slow answer, instead of hanging it.
 */
import { describe, expect, it, vi } from "vitest";
import { createServerEnvironment } from "../../../src/session/environment.js";
import { resolveTiming } from "../../../src/session/options.js";
import {
  logoutRequest,
  refreshWithRetries,
  type SessionRequestContext,
} from "../../../src/session/session-requests.js";
import { refreshBody } from "../../support/refresh-body.js";

// A chunk that never arrives (a stalled download).
vi.mock("../../../src/generated/validators/session.js", () => new Promise(() => undefined));

function context(
  answer: () => Response,
  signal = new AbortController().signal,
  timing = resolveTiming({ timeoutMs: 50, retryDelaysMs: [] }),
): SessionRequestContext {
  return [
    createServerEnvironment({ fetch: async () => answer() }),
    "https://auth.example.com",
    timing,
    () => undefined,
    signal,
  ];
}

describe("validators that never load", () => {
  it("end a refresh at the request timeout", async () => {
    const ctx = context(() => Response.json(refreshBody(Date.now(), 1800)));
    await expect(refreshWithRetries(ctx, null)).rejects.toMatchObject({ name: "RefreshError", kind: "timeout" });
  });

  it("do not hold up a 401, which needs none", async () => {
    const ctx = context(() => new Response(null, { status: 401 }));
    await expect(refreshWithRetries(ctx, null)).resolves.toEqual([null, null]);
  });

  it("end a logout at the request timeout, as a LogoutError", async () => {
    const ctx = context(() => Response.json({ redirect_to: "https://auth.example.com/" }));
    await expect(logoutRequest(ctx)).rejects.toMatchObject({ name: "LogoutError" });
  });

  it("stop being waited for when the client is destroyed, with its reason", async () => {
    const lifetime = new AbortController();
    const ctx = context(
      () => Response.json(refreshBody(Date.now(), 1800)),
      lifetime.signal,
      resolveTiming({ timeoutMs: 60_000 }),
    );
    const refresh = refreshWithRetries(ctx, null);
    const reason = new Error("destroyed");
    setTimeout(() => lifetime.abort(reason), 20);
    await expect(refresh).rejects.toBe(reason);
  });
});
