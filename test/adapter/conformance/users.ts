import { expect, it } from "vitest";
import { expectAdapterError, MALFORMED_IDS, newAuthenticator, newUser, type SuiteEnv } from "./harness.js";

/** Users: create, read (by id, e-mail, account), update, delete with cascade. */
export function userTests(env: SuiteEnv): void {
  it("creates a user and reads it back by id with dates as Date", async () => {
    const { adapter } = await env.store();
    const input = newUser({ emailVerified: new Date("2041-03-04T05:06:07.000Z"), image: "https://example.com/a.png" });
    expect(await adapter.createUser(input)).toEqual(input);
    const read = await adapter.getUser(input.id);
    expect(read).toEqual(input);
    expect(read?.emailVerified).toBeInstanceOf(Date);
  });

  it("generates an id when the caller gives none", async () => {
    const { adapter } = await env.store();
    const { id: _ignored, ...withoutId } = newUser();
    const created = await adapter.createUser(withoutId as never);
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await adapter.getUser(created.id)).toEqual(created);
  });

  it("finds a user by e-mail in any case and keeps the e-mail as given", async () => {
    const { adapter } = await env.store();
    const user = await adapter.createUser(newUser({ email: "Grace.Hopper@Example.COM" }));
    expect(await adapter.getUserByEmail("grace.hopper@example.com")).toEqual(user);
    expect(await adapter.getUserByEmail("GRACE.HOPPER@EXAMPLE.COM")).toEqual(user);
    expect(user.email).toBe("Grace.Hopper@Example.COM");
    expect(await adapter.getUserByEmail("nobody@example.com")).toBeNull();
  });

  it("refuses a second user with the same e-mail in another case, or the same id", async () => {
    const { adapter, count } = await env.store();
    const user = await adapter.createUser(newUser({ email: "same@example.com" }));
    await expectAdapterError(adapter.createUser(newUser({ email: "SAME@example.com" })), "conflict");
    await expectAdapterError(adapter.createUser(newUser({ id: user.id })), "conflict");
    expect(await count("users")).toBe(1);
  });

  it("stores users without an e-mail (providers that share none) without them colliding", async () => {
    const { adapter, count } = await env.store();
    const first = await adapter.createUser(newUser({ email: null as never }));
    await adapter.createUser(newUser({ email: null as never }));
    expect(first.email).toBeNull();
    expect(await adapter.getUser(first.id)).toEqual(first);
    expect(await count("users")).toBe(2);
  });

  it("stores a user whose e-mail is undefined (as @auth/core builds one for a provider that shares none) as null", async () => {
    const { adapter } = await env.store();
    const created = await adapter.createUser({
      id: "u-no-email",
      name: "No Mail",
      email: undefined,
      emailVerified: null,
    } as never);
    expect(created).toMatchObject({ id: "u-no-email", email: null });
    expect(await adapter.getUser("u-no-email")).toEqual(created);
  });

  it("keeps fields that are not columns (a profile()'s role) and returns them on every read", async () => {
    const { adapter, clock } = await env.store();
    const user = await adapter.createUser({ ...newUser(), role: "admin", plan: { seats: 3 } } as never);
    expect(user).toMatchObject({ role: "admin", plan: { seats: 3 } });
    expect(await adapter.getUser(user.id)).toEqual(user);
    expect(await adapter.getUserByEmail(user.email)).toEqual(user);
    const updated = await adapter.updateUser({ id: user.id, role: "owner" } as never);
    expect(updated).toMatchObject({ role: "owner", plan: { seats: 3 } });
    const session = await adapter.createSession({
      sessionToken: `s-${user.id}`,
      userId: user.id,
      expires: new Date(clock.now().getTime() + 60_000),
    });
    expect((await adapter.getSessionAndUser(session.sessionToken))?.user).toEqual(updated);
  });

  it("refuses extra fields JSON would change or drop, storing nothing", async () => {
    const { adapter, count } = await env.store();
    for (const extra of [
      { since: new Date() },
      { score: Number.NaN },
      { callback: () => 1 },
      { tags: [undefined] },
      { big: 1n },
    ])
      await expectAdapterError(adapter.createUser({ ...newUser(), ...extra } as never), "invalid_input");
    expect(await count("users")).toBe(0);
  });

  it("returns null for unknown and malformed ids, never throwing", async () => {
    const { adapter } = await env.store();
    expect(await adapter.getUser("no-such-user")).toBeNull();
    expect(await adapter.deleteUser("no-such-user")).toBeNull();
    for (const id of MALFORMED_IDS) {
      expect(await adapter.getUser(id as string)).toBeNull();
      expect(await adapter.getUserByEmail(id as string)).toBeNull();
      expect(await adapter.deleteUser(id as string)).toBeNull();
      expect(await adapter.getUserByAccount({ provider: id as string, providerAccountId: "x" })).toBeNull();
    }
    expect(await adapter.getUserByAccount(null as never)).toBeNull();
  });

  it("rejects missing or mistyped fields with invalid_input and stores nothing", async () => {
    const { adapter, count } = await env.store();
    await expectAdapterError(adapter.createUser(newUser({ email: 42 as never })), "invalid_input");
    await expectAdapterError(adapter.createUser(newUser({ emailVerified: "yesterday" as never })), "invalid_input");
    await expectAdapterError(adapter.createUser(newUser({ name: "nul\u0000byte" })), "invalid_input");
    await expectAdapterError(adapter.createUser(null as never), "invalid_input");
    expect(await count("users")).toBe(0);
  });

  it("updates only the fields given and returns the updated user", async () => {
    const { adapter } = await env.store();
    const user = await adapter.createUser(newUser({ name: "Before", image: "https://example.com/1.png" }));
    const verified = new Date("2035-01-01T00:00:00.000Z");
    const updated = await adapter.updateUser({ id: user.id, name: "After", emailVerified: verified });
    expect(updated).toEqual({ ...user, name: "After", emailVerified: verified });
    expect(await adapter.getUser(user.id)).toEqual(updated);
    expect(await adapter.updateUser({ id: user.id, image: null })).toEqual({ ...updated, image: null });
    expect(await adapter.updateUser({ id: user.id })).toEqual({ ...updated, image: null });
  });

  it("throws not_found for an unknown user and conflict for a taken e-mail, leaving the user as it was", async () => {
    const { adapter } = await env.store();
    const taken = await adapter.createUser(newUser());
    const user = await adapter.createUser(newUser());
    await expectAdapterError(adapter.updateUser({ id: "no-such-user", name: "x" }), "not_found");
    await expectAdapterError(
      adapter.updateUser({ id: user.id, name: "changed", email: taken.email.toUpperCase() }),
      "conflict",
    );
    expect(await adapter.getUser(user.id)).toEqual(user);
    await expectAdapterError(adapter.updateUser({ id: user.id, emailVerified: "soon" as never }), "invalid_input");
  });

  it("deletes a user with their accounts, sessions and authenticators in one statement", async () => {
    const { adapter, count } = await env.store();
    const user = await adapter.createUser(newUser());
    const other = await adapter.createUser(newUser());
    for (const owner of [user, other]) {
      await adapter.linkAccount({
        userId: owner.id,
        type: "oauth",
        provider: "github",
        providerAccountId: `gh-${owner.id}`,
      });
      await adapter.createSession({
        sessionToken: `s-${owner.id}`,
        userId: owner.id,
        expires: new Date("2031-01-01T00:00:00Z"),
      });
      await adapter.createAuthenticator(newAuthenticator(owner.id));
    }
    expect(await adapter.deleteUser(user.id)).toEqual(user);
    expect(await adapter.getUser(user.id)).toBeNull();
    expect(await adapter.getUserByAccount({ provider: "github", providerAccountId: `gh-${user.id}` })).toBeNull();
    expect(await adapter.getSessionAndUser(`s-${user.id}`)).toBeNull();
    expect(await adapter.listAuthenticatorsByUserId(user.id)).toEqual([]);
    expect([await count("accounts"), await count("sessions"), await count("authenticators")]).toEqual([1, 1, 1]);
  });
}
