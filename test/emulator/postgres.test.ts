import { beforeAll, describe, expect, it } from "vitest";
import { demoSeed, DEMO_PASSWORD, startEmulator } from "../../src/emulator/index.js";
import { freshDatabase, stageHasPostgres } from "../support/stage-postgres.js";

/**
 * One emulator database on a real PostgreSQL (a throwaway cluster on 127.0.0.1, test/support/postgres-cluster.ts), shared by two
 * emulators as a team would share it: a session started on one is valid on the other.
 */
const postgres = stageHasPostgres();

const login = (url: string) =>
  fetch(`${url}/api/fe/v3/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
    body: JSON.stringify({ email: "ada@acme.example", password: DEMO_PASSWORD }),
  });

if (!postgres) {
  describe.skip("the emulator on PostgreSQL (skipped: no PostgreSQL binaries — set PG_BIN)", () => {
    it("shares one database between two emulators", () => undefined);
  });
} else {
  let connectionString: string;
  beforeAll(async () => {
    connectionString = await freshDatabase("emulator_team");
  });

  it("shares one database between two emulators: a session started on one is valid on the other", async () => {
    const first = await startEmulator({ seed: demoSeed, connectionString });
    const second = await startEmulator({ seed: demoSeed, connectionString });
    try {
      const answer = await login(first.url);
      expect(await answer.json()).toEqual({ login_state: "Finished" });
      const cookie = answer.headers.getSetCookie()[0]!.split(";")[0]!;
      const refresh = await fetch(`${second.url}/api/v1/refresh_token`, { headers: { Cookie: cookie } });
      expect(((await refresh.json()) as { user: { email: string } }).user.email).toBe("ada@acme.example");
      await second.reset();
      expect((await fetch(`${first.url}/api/v1/refresh_token`, { headers: { Cookie: cookie } })).status).toBe(401);
    } finally {
      await second.stop();
      await first.stop();
    }
  });
}
