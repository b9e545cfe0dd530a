import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoSeed, startEmulator } from "../../src/emulator/index.js";
import { freshDatabase, stageHasPostgres } from "../support/stage-postgres.js";
import { ADA, feHeaders, raw, useEmulator } from "./harness.js";

/**
 * Races: failed logins are counted in one statement, so wrong passwords sent at once each count (on one emulator
 * and on two emulators sharing a PostgreSQL database); signups with one e-mail at once create one user, and every
 * other gets the documented 400, never a 500.
 */
const emu = useEmulator();

const wrongLogin = (url: string, email = ADA) =>
  raw(url, {
    method: "POST",
    path: "/api/fe/v3/login",
    headers: feHeaders,
    body: JSON.stringify({ email, password: "wrong-password" }),
  });

it("counts 50 wrong passwords sent at once as 50: the account locks and the right password is refused", async () => {
  await emu.admin("PATCH", "/__emulator/settings", { lockAfterFailedLogins: 50 });
  const answers = await Promise.all(Array.from({ length: 50 }, () => wrongLogin(emu.url)));
  const codes = answers.map((a) => JSON.parse(a.body).error_code as string);
  // a wrong password is answered as an unknown e-mail (404 user_not_found) until the lock (403 account_locked)
  expect(answers.every((a) => a.status === 404 || a.status === 403)).toBe(true);
  expect(codes.filter((c) => c === "account_locked").length).toBeGreaterThanOrEqual(1);
  const right = await emu.login(ADA);
  expect(right.status).toBe(403);
  expect(JSON.parse(right.body).error_code).toBe("account_locked");
});

it("does not lock below the limit: 49 wrong passwords at once leave the right one working", async () => {
  await emu.admin("PATCH", "/__emulator/settings", { lockAfterFailedLogins: 50 });
  await Promise.all(Array.from({ length: 49 }, () => wrongLogin(emu.url)));
  expect((await emu.login(ADA)).status).toBe(200);
});

it("creates one user for 100 signups with one e-mail at once; the others get the 400 already_taken, none a 500", async () => {
  const email = "race@example.com";
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      raw(emu.url, {
        method: "POST",
        path: "/api/fe/v3/signup",
        headers: feHeaders,
        body: JSON.stringify({ email, password: `password-${i}-long` }),
      }),
    ),
  );
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 400)).toHaveLength(99);
  for (const answer of answers.filter((a) => a.status === 400)) {
    expect(JSON.parse(answer.body)).toMatchObject({
      error_code: "invalid_request_fields",
      field_errors: { email: "already_taken" },
    });
  }
  const winner = answers.findIndex((a) => a.status === 200);
  expect((await emu.login(email, `password-${winner}-long`)).status).toBe(200);
});

it("creates one user for signups with one username at once; the others get the 400 already_taken and leave no user", async () => {
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      raw(emu.url, {
        method: "POST",
        path: "/api/fe/v3/signup",
        headers: feHeaders,
        body: JSON.stringify({ email: `user${i}@example.com`, password: "long-enough-1", username: "samename" }),
      }),
    ),
  );
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  const losers = answers.flatMap((a, i) => (a.status === 400 ? [i] : []));
  for (const i of losers) expect((await emu.login(`user${i}@example.com`, "long-enough-1")).status).toBe(404);
});

describe.skipIf(!stageHasPostgres())("two emulators on one PostgreSQL database", () => {
  let connectionString: string;
  beforeAll(async () => {
    connectionString = await freshDatabase("emulator_race");
  });

  it("counts wrong passwords sent at once to both: 25 + 25 lock an account whose limit is 50", async () => {
    const first = await startEmulator({ seed: demoSeed, connectionString });
    const second = await startEmulator({ seed: demoSeed, connectionString });
    try {
      await first.configure({ lockAfterFailedLogins: 50 });
      await Promise.all(Array.from({ length: 50 }, (_, i) => wrongLogin(i % 2 ? first.url : second.url)));
      const right = await raw(second.url, {
        method: "POST",
        path: "/api/fe/v3/login",
        headers: feHeaders,
        body: JSON.stringify({ email: ADA, password: DEMO_PASSWORD }),
      });
      expect(JSON.parse(right.body).error_code).toBe("account_locked");
      const db = new pg.Client({ connectionString });
      await db.connect();
      const { rows } = await db.query(
        "select p.failed_logins from emu_profiles p join users u on u.id = p.user_id where u.email = $1",
        [ADA],
      );
      await db.end();
      expect(rows[0].failed_logins).toBe(50);
    } finally {
      await second.stop();
      await first.stop();
    }
  });
});
