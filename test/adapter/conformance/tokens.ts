import { expect, it } from "vitest";
import { expectAdapterError, MALFORMED_IDS, newUser, type SuiteEnv } from "./harness.js";

/** Verification tokens (single use, never expired) and purgeExpired. */
export function tokenTests(env: SuiteEnv): void {
  it("creates a token and consumes it exactly once", async () => {
    const { adapter } = await env.store();
    const token = { identifier: "ada@example.com", token: "hashed-1", expires: new Date("2099-12-31T23:59:59.000Z") };
    expect(await adapter.createVerificationToken(token)).toEqual(token);
    expect(await adapter.useVerificationToken({ identifier: "ada@example.com", token: "hashed-1" })).toEqual(token);
    expect(await adapter.useVerificationToken({ identifier: "ada@example.com", token: "hashed-1" })).toBeNull();
  });

  it("of 16 concurrent uses of one token exactly one wins", async () => {
    const { adapter, adapterOn } = await env.store();
    await adapter.createVerificationToken({
      identifier: "race@example.com",
      token: "race",
      expires: new Date("2099-01-01T00:00:00Z"),
    });
    const second = adapterOn(env.second());
    // Open the pools' connections first, so the 16 uses start together instead of one per new connection.
    await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        (index % 2 === 0 ? env.db() : env.second()).query("SELECT pg_sleep(0.05)"),
      ),
    );
    const uses = Array.from({ length: 16 }, (_, index) =>
      (index % 2 === 0 ? adapter : second).useVerificationToken({ identifier: "race@example.com", token: "race" }),
    );
    const results = await Promise.all(uses);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
  });

  it("never hands back an expired token, and consumes it", async () => {
    const { adapter, clock, count } = await env.store();
    await adapter.createVerificationToken({
      identifier: "late@example.com",
      token: "late",
      expires: new Date(clock.now().getTime() + 1_000),
    });
    clock.advance(1_000);
    expect(await adapter.useVerificationToken({ identifier: "late@example.com", token: "late" })).toBeNull();
    expect(await count("verification_tokens")).toBe(0);
  });

  it("matches identifier and token together; unknown and malformed give null", async () => {
    const { adapter } = await env.store();
    await adapter.createVerificationToken({
      identifier: "a@example.com",
      token: "t",
      expires: new Date("2099-01-01T00:00:00Z"),
    });
    expect(await adapter.useVerificationToken({ identifier: "b@example.com", token: "t" })).toBeNull();
    for (const value of MALFORMED_IDS)
      expect(await adapter.useVerificationToken({ identifier: "a@example.com", token: value as string })).toBeNull();
    expect(await adapter.useVerificationToken(null as never)).toBeNull();
    expect(await adapter.useVerificationToken({ identifier: "a@example.com", token: "t" })).not.toBeNull();
  });

  it("rejects a bad or duplicate token with a typed error", async () => {
    const { adapter, count } = await env.store();
    const token = { identifier: "d@example.com", token: "d", expires: new Date("2099-01-01T00:00:00Z") };
    await adapter.createVerificationToken(token);
    await expectAdapterError(adapter.createVerificationToken(token), "conflict");
    await expectAdapterError(
      adapter.createVerificationToken({ identifier: "d@example.com", token: "e" } as never),
      "invalid_input",
    );
    expect(await count("verification_tokens")).toBe(1);
  });

  it("purgeExpired removes expired sessions and tokens by the application's clock, and nothing else", async () => {
    const { adapter, clock, count } = await env.store();
    const user = await adapter.createUser(newUser());
    const at = (seconds: number) => new Date(clock.now().getTime() + seconds * 1000);
    await adapter.createSession({ sessionToken: "old", userId: user.id, expires: at(-10) });
    await adapter.createSession({ sessionToken: "edge", userId: user.id, expires: at(0) });
    await adapter.createSession({ sessionToken: "live", userId: user.id, expires: at(10) });
    await adapter.createVerificationToken({ identifier: "x", token: "old", expires: at(-1) });
    await adapter.createVerificationToken({ identifier: "x", token: "live", expires: at(3600) });
    expect(await adapter.purgeExpired()).toEqual({ sessions: 2, verificationTokens: 1 });
    expect(await adapter.purgeExpired()).toEqual({ sessions: 0, verificationTokens: 0 });
    expect([await count("sessions"), await count("verification_tokens")]).toEqual([1, 1]);
    expect(await adapter.getSessionAndUser("live")).not.toBeNull();
    clock.advance(10_000);
    expect(await adapter.purgeExpired()).toEqual({ sessions: 1, verificationTokens: 0 });
    expect(await adapter.getUser(user.id)).toEqual(user);
  });
}
