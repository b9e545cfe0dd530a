import { expect, it } from "vitest";
import { expectAdapterError, MALFORMED_IDS, newAuthenticator, newUser, type SuiteEnv } from "./harness.js";

/** WebAuthn authenticators: create, read, list, counter updates (which never go back). */
export function authenticatorTests(env: SuiteEnv): void {
  it("creates, reads and lists authenticators; a counter above 2^32 round-trips", async () => {
    const { adapter } = await env.store();
    const user = await adapter.createUser(newUser());
    const big = await adapter.createAuthenticator(
      newAuthenticator(user.id, { credentialID: "b-cred", counter: 2 ** 32 + 7, credentialBackedUp: true }),
    );
    const plain = await adapter.createAuthenticator(
      newAuthenticator(user.id, { credentialID: "a-cred", transports: null }),
    );
    expect(big.counter).toBe(2 ** 32 + 7);
    expect(await adapter.getAuthenticator("b-cred")).toEqual(big);
    expect(await adapter.listAuthenticatorsByUserId(user.id)).toEqual([plain, big]);
  });

  it("gives null and [] for unknown or malformed ids", async () => {
    const { adapter } = await env.store();
    expect(await adapter.getAuthenticator("unknown")).toBeNull();
    expect(await adapter.listAuthenticatorsByUserId("no-such-user")).toEqual([]);
    for (const id of MALFORMED_IDS) {
      expect(await adapter.getAuthenticator(id as string)).toBeNull();
      expect(await adapter.listAuthenticatorsByUserId(id as string)).toEqual([]);
    }
  });

  it("createAuthenticator throws on a duplicate credential, an unknown user or bad fields", async () => {
    const { adapter, count } = await env.store();
    const user = await adapter.createUser(newUser());
    await adapter.createAuthenticator(newAuthenticator(user.id, { credentialID: "dup" }));
    await expectAdapterError(
      adapter.createAuthenticator(newAuthenticator(user.id, { credentialID: "dup" })),
      "conflict",
    );
    await expectAdapterError(adapter.createAuthenticator(newAuthenticator("no-such-user")), "not_found");
    for (const counter of [-1, 1.5, "3", Number.MAX_SAFE_INTEGER + 2]) {
      await expectAdapterError(
        adapter.createAuthenticator(newAuthenticator(user.id, { counter: counter as number })),
        "invalid_input",
      );
    }
    await expectAdapterError(
      adapter.createAuthenticator({ ...newAuthenticator(user.id), credentialBackedUp: "yes" as never }),
      "invalid_input",
    );
    expect(await count("authenticators")).toBe(1);
  });

  it("updateAuthenticatorCounter returns the updated authenticator and throws for an unknown one", async () => {
    const { adapter } = await env.store();
    const user = await adapter.createUser(newUser());
    const created = await adapter.createAuthenticator(newAuthenticator(user.id, { counter: 5 }));
    expect(await adapter.updateAuthenticatorCounter(created.credentialID, 2 ** 40)).toEqual({
      ...created,
      counter: 2 ** 40,
    });
    expect((await adapter.getAuthenticator(created.credentialID))?.counter).toBe(2 ** 40);
    await expectAdapterError(adapter.updateAuthenticatorCounter("unknown", 1), "not_found");
    await expectAdapterError(adapter.updateAuthenticatorCounter(created.credentialID, -3), "invalid_input");
    await expectAdapterError(adapter.updateAuthenticatorCounter(42 as never, 3), "invalid_input");
  });

  it("of 50 concurrent counter updates in any order, the highest value stays", async () => {
    const { adapter, adapterOn } = await env.store();
    const second = adapterOn(env.second());
    const user = await adapter.createUser(newUser());
    const { credentialID } = await adapter.createAuthenticator(newAuthenticator(user.id));
    const values = Array.from({ length: 50 }, (_, index) => 1_000 + ((index * 37) % 50)); // a permutation of 1000..1049
    await Promise.all(
      values.map((value, index) =>
        (index % 2 === 0 ? adapter : second).updateAuthenticatorCounter(credentialID, value),
      ),
    );
    expect((await adapter.getAuthenticator(credentialID))?.counter).toBe(1_049);
    expect((await adapter.updateAuthenticatorCounter(credentialID, 7)).counter).toBe(1_049);
  });
}
