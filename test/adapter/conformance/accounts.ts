import type { AdapterAccount } from "@auth/core/adapters";
import { expect, it } from "vitest";
import { expectAdapterError, MALFORMED_IDS, newUser, type SuiteEnv } from "./harness.js";

/** Accounts: link (documented fields plus a provider's extras), read, unlink, unique keys. */
export function accountTests(env: SuiteEnv): void {
  it("links an account with the documented fields and finds the user by it", async () => {
    const { adapter } = await env.store();
    const user = await adapter.createUser(newUser());
    const account: AdapterAccount = {
      userId: user.id,
      type: "oidc",
      provider: "google",
      providerAccountId: "1122334455",
      access_token: "ya29.access",
      refresh_token: "1//refresh",
      expires_at: 4_102_444_800, // 2100-01-01: past 2038 and past 2^31
      token_type: "bearer",
      scope: "openid email profile",
      id_token: "eyJhbGciOi.id.token",
      session_state: "state-1",
    };
    expect(await adapter.linkAccount(account)).toEqual(account);
    expect(await adapter.getAccount("1122334455", "google")).toEqual(account);
    expect(await adapter.getUserByAccount({ provider: "google", providerAccountId: "1122334455" })).toEqual(user);
  });

  it("keeps the extra fields real token responses carry instead of failing", async () => {
    const { adapter } = await env.store();
    const user = await adapter.createUser(newUser());
    const fromGitHub = {
      userId: user.id,
      type: "oauth" as const,
      provider: "github",
      providerAccountId: "583231",
      access_token: "gho_token",
      refresh_token: "ghr_token",
      expires_at: 1_900_000_000,
      refresh_token_expires_in: 15_897_600,
      expires_in: 28_800,
      authorization_details: [{ type: "payment", amount: 1 }],
      not_before_policy: 0,
    };
    const stored = await adapter.linkAccount(fromGitHub);
    expect(stored).toEqual(fromGitHub);
    expect(await adapter.getAccount("583231", "github")).toEqual(fromGitHub);
  });

  it("stores only the key fields when the token fields are absent", async () => {
    const { adapter } = await env.store();
    const user = await adapter.createUser(newUser());
    const minimal: AdapterAccount = {
      userId: user.id,
      type: "email",
      provider: "resend",
      providerAccountId: user.email,
    };
    expect(await adapter.linkAccount(minimal)).toEqual(minimal);
    expect(await adapter.getAccount(user.email, "resend")).toEqual(minimal);
  });

  it("refuses a second account with the same provider and providerAccountId", async () => {
    const { adapter, count } = await env.store();
    const first = await adapter.createUser(newUser());
    const second = await adapter.createUser(newUser());
    await adapter.linkAccount({ userId: first.id, type: "oauth", provider: "github", providerAccountId: "1" });
    await expectAdapterError(
      adapter.linkAccount({ userId: second.id, type: "oauth", provider: "github", providerAccountId: "1" }),
      "conflict",
    );
    await adapter.linkAccount({ userId: second.id, type: "oauth", provider: "gitlab", providerAccountId: "1" });
    expect(await count("accounts")).toBe(2);
    expect((await adapter.getUserByAccount({ provider: "github", providerAccountId: "1" }))?.id).toBe(first.id);
  });

  it("gives typed errors for an unknown user or bad fields, and stores nothing", async () => {
    const { adapter, count } = await env.store();
    const user = await adapter.createUser(newUser());
    await expectAdapterError(
      adapter.linkAccount({ userId: "no-such-user", type: "oauth", provider: "github", providerAccountId: "2" }),
      "not_found",
    );
    await expectAdapterError(
      adapter.linkAccount({ userId: user.id, type: "password" as never, provider: "github", providerAccountId: "3" }),
      "invalid_input",
    );
    await expectAdapterError(
      adapter.linkAccount({ userId: user.id, type: "oauth", provider: "github" } as never),
      "invalid_input",
    );
    await expectAdapterError(
      adapter.linkAccount({
        userId: user.id,
        type: "oauth",
        provider: "github",
        providerAccountId: "4",
        expires_at: "soon" as never,
      }),
      "invalid_input",
    );
    await expectAdapterError(
      adapter.linkAccount({
        userId: user.id,
        type: "oauth",
        provider: "github",
        providerAccountId: "5",
        big: 1n,
      } as never),
      "invalid_input",
    );
    expect(await count("accounts")).toBe(0);
  });

  it("refuses an expires_at in milliseconds (a common mistake) and keeps one in seconds", async () => {
    const { adapter, count } = await env.store();
    const user = await adapter.createUser(newUser());
    const account = { userId: user.id, type: "oauth", provider: "github", providerAccountId: "ms" } as const;
    const error = await adapter.linkAccount({ ...account, expires_at: 1_700_000_000_000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "invalid_input", message: expect.stringContaining("milliseconds") });
    expect(await count("accounts")).toBe(0);
    expect(await adapter.linkAccount({ ...account, expires_at: 1_700_000_000 })).toMatchObject({
      expires_at: 1_700_000_000,
    });
  });

  it("unlinks an account, returning it once", async () => {
    const { adapter } = await env.store();
    const user = await adapter.createUser(newUser());
    const account = await adapter.linkAccount({
      userId: user.id,
      type: "oauth",
      provider: "github",
      providerAccountId: "9",
      scope: "read:user",
    });
    expect(await adapter.unlinkAccount({ provider: "github", providerAccountId: "9" })).toEqual(account);
    expect(await adapter.unlinkAccount({ provider: "github", providerAccountId: "9" })).toBeUndefined();
    expect(await adapter.getAccount("9", "github")).toBeNull();
    expect(await adapter.getUser(user.id)).toEqual(user);
  });

  it("returns null or undefined for unknown and malformed account keys", async () => {
    const { adapter } = await env.store();
    expect(await adapter.getAccount("unknown", "github")).toBeNull();
    expect(await adapter.getUserByAccount({ provider: "github", providerAccountId: "unknown" })).toBeNull();
    for (const id of MALFORMED_IDS) {
      expect(await adapter.getAccount(id as string, "github")).toBeNull();
      expect(await adapter.unlinkAccount({ provider: "github", providerAccountId: id as string })).toBeUndefined();
    }
  });

  it("createUserWithAccount writes both rows in one statement, or neither", async () => {
    const { adapter, count } = await env.store();
    const user = newUser();
    const created = await adapter.createUserWithAccount(user, {
      type: "oauth",
      provider: "github",
      providerAccountId: "77",
      expires_at: 4_102_444_800,
      refresh_token_expires_in: 60,
    });
    expect(created).toEqual({
      user,
      account: {
        userId: user.id,
        type: "oauth",
        provider: "github",
        providerAccountId: "77",
        expires_at: 4_102_444_800,
        refresh_token_expires_in: 60,
      },
    });
    expect(await adapter.getUserByAccount({ provider: "github", providerAccountId: "77" })).toEqual(user);
    await expectAdapterError(
      adapter.createUserWithAccount(newUser(), { type: "oauth", provider: "github", providerAccountId: "77" }),
      "conflict",
    );
    await expectAdapterError(
      adapter.createUserWithAccount(newUser({ email: user.email }), {
        type: "oauth",
        provider: "github",
        providerAccountId: "78",
      }),
      "conflict",
    );
    await expectAdapterError(
      adapter.createUserWithAccount(newUser(), { type: "oauth", provider: "github" } as never),
      "invalid_input",
    );
    expect([await count("users"), await count("accounts")]).toEqual([1, 1]);
  });
}
