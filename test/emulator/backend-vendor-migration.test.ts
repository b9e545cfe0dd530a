import { MagicLinkCreationException, MigrateUserException, MigrateUserPasswordException } from "@propelauth/node";
import bcrypt from "bcryptjs";
import { argon2id } from "hash-wasm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createEmulator, currentTotp, DEMO_IDS, parseSeed, startEmulator } from "../../src/emulator/index.js";
import { createBackendClient } from "../../src/server/index.js";
import { freshDatabase, stageHasPostgres } from "../support/stage-postgres.js";
import { FrontEnd, rejection, vendorOnEmulator } from "./vendor-backend.js";

/**
 * Magic links and migration from an external source through the provider's own backend library (`@propelauth/node`,
 * unmodified) on the emulator, behind Prism's validating proxy; results read back through orgauth's backend client
 * and the hosted login. The bcrypt hashes are made by bcryptjs, an implementation other than the emulator's
 * (hash-wasm), so a login proves the two agree.
 */
let setup: ReturnType<typeof vendorOnEmulator>;
let backend: ReturnType<typeof createBackendClient>;
const login = (email: string, password: string) => FrontEnd.login(setup.emulator.url, email, password);
const argon = (password: string) =>
  argon2id({
    password,
    salt: crypto.getRandomValues(new Uint8Array(16)),
    parallelism: 1,
    iterations: 2,
    memorySize: 1024,
    hashLength: 32,
    outputType: "encoded",
  });
/** The claims of a JWT (no check: the emulator signed it; the claims are what is asserted). */
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8"));

/** Follows a link as a browser would (redirect not followed): its status, Location and session cookie. */
async function follow(url: string, init: RequestInit = {}) {
  const answer = await fetch(url, { redirect: "manual", ...init });
  const cookie = answer.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    ?.split(";")[0];
  return { status: answer.status, location: answer.headers.get("Location"), cookie, page: await answer.text() };
}

/** Posts a link's token as its interstitial page's button does. */
function press(url: string) {
  return follow(`${new URL(url).origin}/magic_link`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(url).origin },
    body: new URLSearchParams({ t: new URL(url).searchParams.get("t")! }).toString(),
  });
}

/** The session's login method, from the access token the refresh call answers. */
async function loginMethodOf(cookie: string | undefined) {
  const answer = await fetch(`${setup.emulator.url}/api/v1/refresh_token`, { headers: { Cookie: cookie ?? "" } });
  expect(answer.status).toBe(200);
  return claims(((await answer.json()) as { access_token: string }).access_token).login_method;
}

beforeAll(async () => {
  setup = vendorOnEmulator();
  backend = createBackendClient({
    authUrl: setup.emulator.authUrl,
    apiKey: setup.emulator.apiKey,
    backendUrl: inject("vendorProxyUrl"),
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const violation = response.headers.get("sl-violations");
      if (violation) setup.violations.push({ method: "orgauth", path: String(input), status: 0, problem: violation });
      return response;
    },
  });
  await setup.emulator.reset();
});
afterAll(() => {
  setup?.stop();
  // Every call of both libraries went through the stage's Prism validating proxy on the contract.
  expect(setup?.violations).toEqual([]);
});

describe("migrating users", () => {
  it("a bcrypt user logs in with their old password; profile, properties and legacy id read back", async () => {
    const hash = bcrypt.hashSync("old-Password-1", 4).replace(/^\$2b\$/, "$2y$");
    const { userId } = await setup.auth.migrateUserFromExternalSource({
      email: "lin@acme.example",
      emailConfirmed: true,
      existingUserId: "legacy-42",
      existingPasswordHash: hash,
      firstName: "Lin",
      username: "lin",
      properties: { plan: "team" },
    });
    expect((await login("lin@acme.example", "old-Password-1")).login.body).toEqual({ login_state: "Finished" });
    expect((await login("lin@acme.example", "old-password-1")).login.status).toBe(404);
    // An export keeps the imported hash, and is a seed that starts an emulator.
    const exported = await setup.emulator.exportSeed();
    expect(parseSeed(exported, "export").users?.find((u) => u.email === "lin@acme.example")?.passwordHash).toBe(hash);
    expect(await backend.fetchUserById({ path: { userId } })).toMatchObject({
      email: "lin@acme.example",
      email_confirmed: true,
      has_password: true,
      first_name: "Lin",
      username: "lin",
      legacy_user_id: "legacy-42",
      properties: { plan: "team" },
      mfa_enabled: false,
    });
  });

  it("an argon2id user with an MFA secret is asked for the code; a new hash replaces the password; a new password can be required; disabled stays out", async () => {
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    const { userId } = await setup.auth.migrateUserFromExternalSource({
      email: "mo@acme.example",
      emailConfirmed: true,
      existingPasswordHash: await argon("argon-Password-2"),
      existingMfaBase32EncodedSecret: secret.toLowerCase(),
    });
    const first = await login("mo@acme.example", "argon-Password-2");
    expect(first.login.body).toEqual({ login_state: "TwoFactorRequired" });
    expect((await first.call("/api/fe/v3/verify", "POST", { code: currentTotp(secret) })).status).toBe(200);
    expect((await backend.fetchUserById({ path: { userId } }))?.mfa_enabled).toBe(true);

    expect(
      await setup.auth.migrateUserPassword({ userId, passwordHash: bcrypt.hashSync("next-Password-3", 4) }),
    ).toEqual({});
    expect((await login("mo@acme.example", "argon-Password-2")).login.status).toBe(404);
    expect((await login("mo@acme.example", "next-Password-3")).login.body).toEqual({
      login_state: "TwoFactorRequired",
    });
    const unknown = await rejection(
      setup.auth.migrateUserPassword({ userId: crypto.randomUUID(), passwordHash: await argon("x") }),
    );
    expect(unknown.message).toMatch(/Unknown error/);

    await setup.auth.migrateUserFromExternalSource({
      email: "renew@acme.example",
      emailConfirmed: true,
      existingPasswordHash: bcrypt.hashSync("renew-Password-5", 4),
      askUserToUpdatePasswordOnLogin: true,
    });
    expect((await login("renew@acme.example", "renew-Password-5")).login.body).toEqual({
      login_state: "UpdatePasswordRequired",
    });
    await setup.auth.migrateUserFromExternalSource({
      email: "off@acme.example",
      emailConfirmed: true,
      existingPasswordHash: await argon("off-Password-4"),
      enabled: false,
    });
    expect((await login("off@acme.example", "off-Password-4")).login.body).toMatchObject({
      error_code: "account_disabled",
    });
  });

  it("another hash format, a taken e-mail and a bad MFA secret are typed 400s naming the field", async () => {
    const md5crypt = await rejection(
      setup.auth.migrateUserFromExternalSource({
        email: "md5@acme.example",
        emailConfirmed: true,
        existingPasswordHash: "$1$saltsalt$qjXMvbEw8oaL.CzflDugX/",
      }),
    );
    expect(md5crypt).toBeInstanceOf(MigrateUserException);
    expect(md5crypt.fieldToErrors.existing_password_hash?.[0]).toContain("md5-crypt");
    const taken = await rejection(
      setup.auth.migrateUserFromExternalSource({ email: "ada@acme.example", emailConfirmed: true }),
    );
    expect(Object.keys(taken.fieldToErrors)).toEqual(["email"]);
    const badSecret = await rejection(
      setup.auth.migrateUserFromExternalSource({
        email: "totp@acme.example",
        emailConfirmed: true,
        existingMfaBase32EncodedSecret: "not base32 at all!",
      }),
    );
    expect(Object.keys(badSecret.fieldToErrors)).toEqual(["existing_mfa_base32_encoded_secret"]);
    const sha512 = await rejection(
      setup.auth.migrateUserPassword({ userId: DEMO_IDS.ada, passwordHash: "$6$salt$abc" }),
    );
    expect(sha512).toBeInstanceOf(MigrateUserPasswordException);
    expect(sha512.fieldToErrors.password_hash?.[0]).toContain("sha512-crypt");
  });
});

describe("magic links", () => {
  it("followed once it signs in (magic_link) and lands on the redirect; the second time it shows a page", async () => {
    const { url } = await setup.auth.createMagicLink({
      email: "ada@acme.example",
      redirectToUrl: "http://localhost:3000/welcome",
      expiresInHours: 1,
      userSignupQueryParameters: { utm_source: "ignored" },
    });
    expect(new URL(url).origin).toBe(new URL(setup.emulator.url).origin);
    const first = await follow(url);
    expect(first).toMatchObject({ status: 303, location: "http://localhost:3000/welcome" });
    expect(await loginMethodOf(first.cookie)).toEqual({ login_method: "magic_link" });
    const again = await follow(url);
    expect(again).toMatchObject({ status: 400, cookie: undefined });
    expect(again.page).toContain("invalid, already used or expired");
    expect(await press(url)).toMatchObject({ status: 400, cookie: undefined });
  });

  it("creates an absent user when asked (else 400 naming email), keeping its sign-up parameters; a foreign redirect is refused; the interstitial waits", async () => {
    const unknown = await rejection(setup.auth.createMagicLink({ email: "nobody@acme.example" }));
    expect(unknown).toBeInstanceOf(MagicLinkCreationException);
    expect(Object.keys(unknown.fieldToErrors)).toEqual(["email"]);
    const foreign = await rejection(
      setup.auth.createMagicLink({ email: "ada@acme.example", redirectToUrl: "https://evil.example/" }),
    );
    expect(Object.keys(foreign.fieldToErrors)).toEqual(["redirect_to_url"]);

    const { url } = await setup.auth.createMagicLink({
      email: "fresh@acme.example",
      createNewUserIfOneDoesntExist: true,
      requiresInterstitial: true,
      expiresAfterFirstUse: false,
      userSignupQueryParameters: { utm_source: "newsletter", "ref-Code": "A_b" },
    });
    const created = await backend.fetchUserByEmail({ query: { email: "fresh@acme.example" } });
    expect(created).toMatchObject({ email_confirmed: false, has_password: false });
    const parameters = { utm_source: "newsletter", "ref-Code": "A_b" };
    expect(await setup.auth.fetchUserSignupQueryParams(created!.user_id)).toEqual({
      userSignupQueryParameters: parameters,
    });
    expect(await backend.fetchUserSignupQueryParams({ path: { userId: created!.user_id } })).toEqual({
      user_signup_query_parameters: parameters,
    });
    // A link to an existing user keeps no parameters on them; an unknown user is null to both libraries.
    expect(await setup.auth.fetchUserSignupQueryParams(DEMO_IDS.ada)).toEqual({ userSignupQueryParameters: {} });
    const stranger = crypto.randomUUID();
    expect(await setup.auth.fetchUserSignupQueryParams(stranger)).toBeNull();
    expect(await backend.fetchUserSignupQueryParams({ path: { userId: stranger } })).toBeNull();
    const interstitial = await follow(url);
    expect(interstitial).toMatchObject({ status: 200, cookie: undefined });
    const signedIn = await press(url);
    expect(signedIn).toMatchObject({ status: 303, location: `${setup.emulator.url}/account` });
    expect(await loginMethodOf(signedIn.cookie)).toEqual({ login_method: "magic_link" });
    expect((await press(url)).status).toBe(303);
    expect((await backend.fetchUserByEmail({ query: { email: "fresh@acme.example" } }))?.email_confirmed).toBe(true);
  });
});

it("a magic link past its hours does not sign in, even one that works more than once", async () => {
  let clock = Date.now();
  const now = () => new Date(clock);
  // On the stage's PostgreSQL when it has one (cheaper than starting another PGlite), else on PGlite.
  const emulator = stageHasPostgres()
    ? await startEmulator({ connectionString: await freshDatabase("magic_expiry"), now })
    : await createEmulator({ now });
  try {
    const call = async (path: string, body: unknown) =>
      (
        await fetch(`${emulator.url}/api/backend/v1${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${emulator.apiKey}` },
          body: JSON.stringify(body),
        })
      ).json() as Promise<{ url: string }>;
    await call("/user/", { email: "kai@acme.example", email_confirmed: true });
    const { url } = await call("/magic_link", {
      email: "kai@acme.example",
      expires_in_hours: 2,
      expire_after_first_use: false,
    });
    clock += 3_600_000;
    expect((await follow(url)).status).toBe(303);
    clock += 3_600_000;
    const expired = await follow(url);
    expect(expired).toMatchObject({ status: 400, cookie: undefined });
    expect(expired.page).toContain("invalid, already used or expired");
  } finally {
    await emulator.stop();
  }
});
