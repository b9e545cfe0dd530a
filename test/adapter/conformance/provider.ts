import { expect, it } from "vitest";
import { PROVIDER_ID, recordProviderUser } from "../../../src/adapter/index.js";
import { expectAdapterError, newUser, type SuiteEnv } from "./harness.js";

const providerUser = (overrides: Record<string, unknown> = {}) => ({
  user_id: "prov-user-1",
  email: "Linus@Example.com",
  email_confirmed: true,
  first_name: "Linus",
  last_name: "Torvalds",
  picture_url: "https://img.example.com/linus.png",
  ...overrides,
});

/** The provider tie-in: provider users become users with an "orgauth" account. */
export function providerTests(env: SuiteEnv): void {
  it("records a new provider user from a refresh response as a user with an orgauth account", async () => {
    const { adapter, clock } = await env.store();
    const record = await recordProviderUser(
      adapter,
      { user: providerUser(), access_token: "at", org_id_to_org_member_info: {} } as never,
      { now: clock.now },
    );
    expect(record).toMatchObject({ createdUser: true, linkedAccount: true });
    expect(record.user).toMatchObject({
      email: "Linus@Example.com",
      name: "Linus Torvalds",
      image: "https://img.example.com/linus.png",
      emailVerified: clock.now(),
    });
    expect(record.account).toEqual({
      userId: record.user.id,
      type: "oauth",
      provider: PROVIDER_ID,
      providerAccountId: "prov-user-1",
    });
    expect(await adapter.getUserByAccount({ provider: PROVIDER_ID, providerAccountId: "prov-user-1" })).toEqual(
      record.user,
    );
  });

  it("updates the linked user on later calls instead of creating another", async () => {
    const { adapter, count } = await env.store();
    const first = await recordProviderUser(adapter, providerUser());
    const again = await recordProviderUser(
      adapter,
      providerUser({ first_name: "L.", email: "linus@new.example.com", email_confirmed: false }),
    );
    expect(again).toMatchObject({ createdUser: false, linkedAccount: false });
    expect(again.user).toEqual({
      ...first.user,
      name: "L. Torvalds",
      email: "linus@new.example.com",
      emailVerified: null,
    });
    expect(await count("users")).toBe(1);
  });

  it("merges into an existing user by e-mail only when the provider says the e-mail is confirmed", async () => {
    const { adapter, count } = await env.store();
    const existing = await adapter.createUser(newUser({ email: "linus@example.com" }));
    await expectAdapterError(
      recordProviderUser(adapter, providerUser({ email_confirmed: false })),
      "email_not_confirmed",
    );
    await expectAdapterError(
      recordProviderUser(adapter, providerUser({ email_confirmed: undefined })),
      "email_not_confirmed",
    );
    expect(await count("accounts")).toBe(0);
    const merged = await recordProviderUser(adapter, providerUser());
    expect(merged).toMatchObject({ createdUser: false, linkedAccount: true });
    expect(merged.user.id).toBe(existing.id);
    expect(merged.user.emailVerified).toBeInstanceOf(Date);
    expect(await count("users")).toBe(1);
  });

  it("accepts an access token's user claims and rejects a payload without a user id", async () => {
    const { adapter } = await env.store();
    const claims = {
      user_id: "claims-user",
      email: "claims@example.com",
      org_id_to_org_member_info: { o1: { org_id: "o1" } },
    };
    const record = await recordProviderUser(adapter, claims);
    expect(record.user).toMatchObject({ email: "claims@example.com", emailVerified: null, name: null });
    await expectAdapterError(recordProviderUser(adapter, { email: "x@example.com" } as never), "invalid_input");
    await expectAdapterError(recordProviderUser(adapter, null as never), "invalid_input");
  });

  it("ends with one local user when calls for one new provider user race", async () => {
    const { adapter, adapterOn, count } = await env.store();
    const second = adapterOn(env.second());
    const records = await Promise.all(
      Array.from({ length: 8 }, (_, index) => recordProviderUser(index % 2 === 0 ? adapter : second, providerUser())),
    );
    expect(new Set(records.map((record) => record.user.id)).size).toBe(1);
    expect([await count("users"), await count("accounts")]).toEqual([1, 1]);
  });
}
