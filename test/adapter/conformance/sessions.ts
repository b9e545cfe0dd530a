import { expect, it } from "vitest";
import { expectAdapterError, MALFORMED_IDS, newUser, type SuiteEnv } from "./harness.js";

/** Database sessions: create, read with the user (never expired), update, delete. */
export function sessionTests(env: SuiteEnv): void {
  it("creates a session and reads it with its user; an expiry past 2038 round-trips as Date", async () => {
    const { adapter } = await env.store();
    const user = await adapter.createUser(newUser());
    const session = { sessionToken: "tok-2100", userId: user.id, expires: new Date("2100-01-01T00:00:00.123Z") };
    expect(await adapter.createSession(session)).toEqual(session);
    const read = await adapter.getSessionAndUser("tok-2100");
    expect(read).toEqual({ session, user });
    expect(read?.session.expires).toBeInstanceOf(Date);
  });

  it("never returns an expired session, by the adapter's clock", async () => {
    const { adapter, clock } = await env.store();
    const user = await adapter.createUser(newUser());
    const expires = new Date(clock.now().getTime() + 60_000);
    await adapter.createSession({ sessionToken: "short", userId: user.id, expires });
    expect(await adapter.getSessionAndUser("short")).not.toBeNull();
    clock.advance(60_000);
    expect(await adapter.getSessionAndUser("short")).toBeNull();
    clock.advance(-1);
    expect(await adapter.getSessionAndUser("short")).not.toBeNull();
  });

  it("refuses a duplicate session token and a session for an unknown user", async () => {
    const { adapter, count } = await env.store();
    const user = await adapter.createUser(newUser());
    const expires = new Date("2031-01-01T00:00:00Z");
    await adapter.createSession({ sessionToken: "dup", userId: user.id, expires });
    await expectAdapterError(adapter.createSession({ sessionToken: "dup", userId: user.id, expires }), "conflict");
    await expectAdapterError(
      adapter.createSession({ sessionToken: "orphan", userId: "no-such-user", expires }),
      "not_found",
    );
    await expectAdapterError(
      adapter.createSession({ sessionToken: "bad", userId: user.id, expires: "tomorrow" as never }),
      "invalid_input",
    );
    await expectAdapterError(adapter.createSession({ userId: user.id, expires } as never), "invalid_input");
    expect(await count("sessions")).toBe(1);
  });

  it("updateSession returns the updated session, and null for an unknown or malformed token", async () => {
    const { adapter } = await env.store();
    const user = await adapter.createUser(newUser());
    await adapter.createSession({ sessionToken: "upd", userId: user.id, expires: new Date("2031-01-01T00:00:00Z") });
    const later = new Date("2045-05-05T05:05:05.000Z");
    expect(await adapter.updateSession({ sessionToken: "upd", expires: later })).toEqual({
      sessionToken: "upd",
      userId: user.id,
      expires: later,
    });
    expect((await adapter.getSessionAndUser("upd"))?.session.expires).toEqual(later);
    expect(await adapter.updateSession({ sessionToken: "upd" })).toEqual({
      sessionToken: "upd",
      userId: user.id,
      expires: later,
    });
    expect(await adapter.updateSession({ sessionToken: "unknown", expires: later })).toBeNull();
    for (const token of MALFORMED_IDS)
      expect(await adapter.updateSession({ sessionToken: token as string, expires: later })).toBeNull();
    await expectAdapterError(adapter.updateSession({ sessionToken: "upd", expires: 12 as never }), "invalid_input");
    expect((await adapter.getSessionAndUser("upd"))?.session.expires).toEqual(later);
  });

  it("deletes a session, returning it once; unknown and malformed tokens give null", async () => {
    const { adapter } = await env.store();
    const user = await adapter.createUser(newUser());
    const session = await adapter.createSession({
      sessionToken: "del",
      userId: user.id,
      expires: new Date("2031-01-01T00:00:00Z"),
    });
    expect(await adapter.deleteSession("del")).toEqual(session);
    expect(await adapter.deleteSession("del")).toBeNull();
    expect(await adapter.getSessionAndUser("del")).toBeNull();
    for (const token of MALFORMED_IDS) {
      expect(await adapter.getSessionAndUser(token as string)).toBeNull();
      expect(await adapter.deleteSession(token as string)).toBeNull();
    }
  });
}
