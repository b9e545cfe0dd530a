import { describe, expect, it } from "vitest";
import { resolveServerConfig } from "../../../src/server/options.js";
import { createUserDetailsSource } from "../../../src/server/user-details.js";

/** A user-details source on a fake backend that answers any user (503 while `down`) and counts fetches per user. */
function countingSource() {
  const fetches = new Map<string, number>();
  const backend = { down: false };
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const userId = decodeURIComponent(url.pathname.split("/").pop() ?? "");
    fetches.set(userId, (fetches.get(userId) ?? 0) + 1);
    if (backend.down) return Response.json({ error_code: "unavailable" }, { status: 503 });
    const user = { user_id: userId, email: `${userId}@example.com`, email_confirmed: true, enabled: true };
    const flags = { has_password: true, mfa_enabled: false, can_create_orgs: true, locked: false };
    return Response.json({ ...user, ...flags, created_at: 1_700_000_000, last_active_at: 1_700_000_100 });
  };
  const config = resolveServerConfig({
    authUrl: "https://auth.example.com",
    apiKey: "test_integration_key_123",
    redirectUri: "https://app.example.com/api/auth/callback",
    fetch,
  });
  return { source: createUserDetailsSource(config), fetches, backend };
}

describe("the user-details memory", () => {
  it("serves a remembered user without a second fetch, and fetches again when asked for fresh details", async () => {
    const { source, fetches } = countingSource();
    expect((await source("user-a")).email).toBe("user-a@example.com");
    await source("user-a");
    expect(fetches.get("user-a")).toBe(1);
    await source("user-a", { fresh: true });
    expect(fetches.get("user-a")).toBe(2);
  });

  it("keeps a user in use when a thousand others pass through: the least recently used goes first", async () => {
    const { source, fetches } = countingSource();
    await source("in-use");
    for (let i = 0; i < 999; i++) await source(`passer-${i}`);
    await source("in-use"); // used again: now the most recently used of the full memory
    await source("one-more"); // the memory is full: the least recently used (passer-0) goes, not the user in use
    await source("in-use");
    expect(fetches.get("in-use")).toBe(1);
    await source("passer-0");
    expect(fetches.get("passer-0")).toBe(2);
  });

  it("does not remember a failure", async () => {
    const { source, fetches, backend } = countingSource();
    backend.down = true;
    await expect(source("user-b")).rejects.toMatchObject({ type: "api", status: 503 });
    backend.down = false;
    expect((await source("user-b")).email).toBe("user-b@example.com");
    expect(fetches.get("user-b")).toBe(2);
  });
});
