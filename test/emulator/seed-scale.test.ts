/**
 * Seeds at scale: a seed nested past the depth limit is a SeedError naming the JSON path (not a stack overflow); a
 * seed file over the size limit is refused before it is read; thousands of users with password hashes load in
 * batches (PGlite and PostgreSQL) and log in; plain passwords are hashed on worker threads, log in, and report
 * progress; a seed added to a running emulator is all or nothing.
 */
import { mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type EmulatorSeed,
  readSeedFile,
  type RunningEmulator,
  SeedError,
  startEmulator,
} from "../../src/emulator/index.js";
import { MAX_SEED_FILE_BYTES } from "../../src/emulator/seeds/seed-limits.js";
import { hashPassword } from "../../src/emulator/tokens/secrets.js";
import { freshDatabase, stageHasPostgres } from "../support/stage-postgres.js";
import { runCli } from "./run-cli.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "orgauth-seed-scale-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A value nested `depth` arrays deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < depth; i++) value = [value];
  return value;
}

const deepSeed = (): EmulatorSeed =>
  ({ users: [{ email: "ada@acme.example", properties: { x: nested(100_000) } }] }) as EmulatorSeed;

/** The path where a seed `{ users: [{ properties: { x: [[[…]]] } }] }` passes 64 levels: the 65th object or array. */
const deepPath = `users[0].properties.x${"[0]".repeat(60)}:`;

const login = (emulator: RunningEmulator, email: string, password: string) =>
  fetch(`${emulator.url}/api/fe/v3/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
    body: JSON.stringify({ email, password }),
  });

async function expectLogin(emulator: RunningEmulator, email: string, password: string): Promise<void> {
  const answer = await login(emulator, email, password);
  expect(await answer.json(), email).toEqual({ login_state: "Finished" });
}

describe("limits checked before a seed is validated", () => {
  it("a seed nested 100,000 deep is a SeedError naming the path where it passed 64 levels", async () => {
    const started = startEmulator({ seed: deepSeed() });
    await expect(started).rejects.toBeInstanceOf(SeedError);
    await expect(started).rejects.toThrow(deepPath);
    await expect(started).rejects.toThrow("nested deeper than 64 levels");
  });

  it("a seed that refers to itself is the same error, not a hang", async () => {
    const properties: Record<string, unknown> = {};
    properties.self = properties;
    const started = startEmulator({ seed: { users: [{ email: "ada@acme.example", properties }] } });
    await expect(started).rejects.toThrow(/users\[0\]\.properties(\.self)+: nested deeper than 64/);
  });

  it("the CLI exits with code 2 on a deep seed file, naming the path and the file", { timeout: 60_000 }, async () => {
    const file = join(dir, "deep.seed.json");
    const depth = 100_000; // written as text: JSON.stringify itself overflows the stack this deep
    await writeFile(
      file,
      `{"users":[{"email":"ada@acme.example","properties":{"x":${"[".repeat(depth)}${"]".repeat(depth)}}}]}`,
    );
    const cli = runCli(["--port", "0", "--seed", file]);
    expect(await cli.exited).toBe(2);
    expect(cli.output()).toContain(`Invalid seed (${file}), nothing was started:`);
    expect(cli.output()).toContain(deepPath);
    expect(cli.output()).not.toContain("Maximum call stack");
  });

  it("a seed file over 64 MiB is refused before it is read, giving its size and the limit", async () => {
    const file = join(dir, "huge.seed.json");
    await writeFile(file, "");
    await truncate(file, MAX_SEED_FILE_BYTES + 1024 * 1024); // sparse: parsing it would say "not JSON"
    const read = readSeedFile(file);
    await expect(read).rejects.toBeInstanceOf(SeedError);
    await expect(read).rejects.toThrow(
      "(root): the file is 65.0 MiB (68,157,440 bytes); a seed file may be at most 64.0 MiB",
    );
  });

  it("a file at the limit is read (and judged on its content)", async () => {
    const file = join(dir, "small.seed.json");
    await writeFile(file, JSON.stringify({ users: [{ email: "ada@acme.example" }] }));
    await expect(readSeedFile(file, 100)).resolves.toEqual({ users: [{ email: "ada@acme.example" }] });
    await expect(readSeedFile(file, 10)).rejects.toThrow("a seed file may be at most");
  });
});

const HASHED_USERS = 3_000;
const PASSWORD = "seeded password";

/** `count` users sharing one password hash, the last thousand in an org, one with MFA. */
async function hashedSeed(count: number): Promise<EmulatorSeed> {
  const passwordHash = await hashPassword(PASSWORD);
  const users = Array.from({ length: count }, (_, i) => ({ email: `user${i}@scale.example`, passwordHash }));
  return {
    users: [...users, { email: "mfa@scale.example", passwordHash, mfaSecret: "JBSWY3DPEHPK3PXP" }],
    orgs: [
      {
        id: "scale-org",
        name: "Scale",
        members: users.slice(-1_000).map((user) => ({ email: user.email, role: "Member" })),
        invitations: [{ email: "new@scale.example", role: "Member" }],
      },
    ],
  };
}

/** Loads the hashed seed, logs in as the first and the last user, and exports the same counts back. */
async function loadsHashedSeed(connectionString?: string): Promise<void> {
  const seed = await hashedSeed(HASHED_USERS);
  const emulator = await startEmulator({ seed, ...(connectionString && { connectionString }) });
  try {
    await expectLogin(emulator, "user0@scale.example", PASSWORD);
    await expectLogin(emulator, `user${HASHED_USERS - 1}@scale.example`, PASSWORD);
    const mfa = await login(emulator, "mfa@scale.example", PASSWORD);
    expect(await mfa.json()).toEqual({ login_state: "TwoFactorRequired" });
    const exported = await emulator.exportSeed();
    expect(exported.users).toHaveLength(HASHED_USERS + 1);
    expect(exported.orgs![0]!.members).toHaveLength(1_000);
    expect(exported.orgs![0]!.invitations!.map((i) => i.email)).toEqual(["new@scale.example"]);
    expect(exported.users!.find((u) => u.email === "mfa@scale.example")!.backupCodes).toHaveLength(10);
  } finally {
    await emulator.stop();
  }
}

describe("a seed with password hashes loads in batches", { timeout: 180_000 }, () => {
  it(`PGlite: ${HASHED_USERS.toLocaleString("en")} users load, log in and export back`, () => loadsHashedSeed());

  if (!stageHasPostgres()) {
    it.skip("PostgreSQL (skipped: no PostgreSQL binaries — set PG_BIN)", () => undefined);
    return;
  }
  let connectionString: string;
  beforeAll(async () => {
    connectionString = await freshDatabase("seed_scale");
  }, 60_000);

  it(`PostgreSQL: ${HASHED_USERS.toLocaleString("en")} users load, log in and export back`, () =>
    loadsHashedSeed(connectionString));
});

describe("plain passwords in a seed", { timeout: 180_000 }, () => {
  it("are hashed on worker threads (NFKC as at login), log in, and report progress past the threshold", async () => {
    const users = Array.from({ length: 40 }, (_, i) => ({ email: `plain${i}@scale.example`, password: `pw-${i}` }));
    // "ﬁ" (one ligature character) is "fi" after NFKC: a login typing "fi" must match what the thread hashed.
    users[7] = { email: "plain7@scale.example", password: "ﬁne password" };
    const lines: string[] = [];
    const emulator = await startEmulator({
      seed: { users },
      seedProgress: { write: (line) => lines.push(line), fromPasswords: 30 },
    });
    try {
      await expectLogin(emulator, "plain0@scale.example", "pw-0");
      await expectLogin(emulator, "plain39@scale.example", "pw-39");
      await expectLogin(emulator, "plain7@scale.example", "fine password");
      expect((await login(emulator, "plain1@scale.example", "pw-2")).status).not.toBe(200);
    } finally {
      await emulator.stop();
    }
    expect(lines[0]).toMatch(/^Seed: hashing 40 plain passwords with scrypt on \d+ threads? \(slow by design/);
    expect(lines.at(-1)).toMatch(/^Seed: 40 passwords hashed in \d+\.\d s$/);
  });

  it("report nothing below the threshold, or with no progress option", async () => {
    const lines: string[] = [];
    const users = Array.from({ length: 20 }, (_, i) => ({ email: `few${i}@scale.example`, password: "pw" }));
    const emulator = await startEmulator({
      seed: { users },
      seedProgress: { write: (line) => lines.push(line), fromPasswords: 21 },
    });
    try {
      await expectLogin(emulator, "few19@scale.example", "pw");
    } finally {
      await emulator.stop();
    }
    expect(lines).toEqual([]);
  });
});

describe("a seed added to a running emulator", () => {
  it("is all or nothing: an e-mail the emulator has already is a 400 and the seed's other users are not added", async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const emulator = await startEmulator({ seed: { users: [{ email: "ada@acme.example", passwordHash }] } });
    try {
      const answer = await fetch(`${emulator.url}/__emulator/seed`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-emulator-secret": emulator.secret },
        body: JSON.stringify({
          users: [
            { email: "new@acme.example", passwordHash },
            { email: "ADA@acme.example", passwordHash },
          ],
        }),
      });
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain("ada@acme.example");
      expect((await login(emulator, "new@acme.example", PASSWORD)).status).not.toBe(200);
      const added = await fetch(`${emulator.url}/__emulator/seed`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-emulator-secret": emulator.secret },
        body: JSON.stringify({
          users: [{ email: "new@acme.example", passwordHash }],
          orgs: [{ id: "o-new", name: "New", members: [{ email: "ada@acme.example", role: "Owner" }] }],
        }),
      });
      expect(added.status).toBe(200);
      await expectLogin(emulator, "new@acme.example", PASSWORD);
      const exported = await emulator.exportSeed();
      expect(exported.orgs!.find((o) => o.id === "o-new")!.members).toEqual([
        { email: "ada@acme.example", role: "Owner" },
      ]);
    } finally {
      await emulator.stop();
    }
  });
});
