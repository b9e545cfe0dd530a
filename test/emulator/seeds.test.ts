/**
 * Seeds you can keep and share: the state exported as a seed starts an emulator in the same state (export → start
 * with it → export again gives the same file, through the API and through the CLI's --seed / --export-seed), and an
 * invalid seed stops the start with a message naming the JSON path of each problem.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, stopProcess } from "../../scripts/lib/prism.js";
import {
  DEMO_PASSWORD,
  demoSeed,
  type EmulatorSeed,
  SeedError,
  startEmulator,
  writeSeedFile,
} from "../../src/emulator/index.js";
import { runCli } from "./run-cli.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "orgauth-seeds-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const post = (url: string, path: string, body: unknown, cookie = "") =>
  fetch(`${url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-", Cookie: cookie },
    body: JSON.stringify(body),
  });

/** Logs Ada in and makes an org API key and an invitation, so the state holds more than the seed gave it. */
async function changeState(url: string): Promise<void> {
  const login = await post(url, "/api/fe/v3/login", { email: "ada@acme.example", password: DEMO_PASSWORD });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const orgId = demoSeed.orgs![0]!.id;
  expect((await post(url, "/api/fe/v3/api_keys", { org_id: orgId, expiration_option: "OneMonth" }, cookie)).ok).toBe(
    true,
  );
  expect(
    (await post(url, "/api/fe/v3/invite_user", { org_id: orgId, email: "new@acme.example", role: "Admin" }, cookie)).ok,
  ).toBe(true);
}

// Each of these starts two emulators (PGlite, scrypt): slow on a loaded machine.
describe("export and --seed round-trip", { timeout: 120_000 }, () => {
  it("export → start with it → export again is identical, and the exported passwords still log in", async () => {
    const first = await startEmulator({ seed: demoSeed });
    let exported: EmulatorSeed;
    try {
      await first.configure({ signup: false, maxOrgsPerUser: 3 });
      await changeState(first.url);
      exported = await first.exportSeed();
    } finally {
      await first.stop();
    }
    expect(exported.apiKeys).toHaveLength(1);
    expect(exported.orgs![0]!.invitations!.map((i) => i.email)).toContain("new@acme.example");
    expect(exported.users!.find((u) => u.email === "mallory@acme.example")!.mfaSecret).toBe(
      demoSeed.users!.find((u) => u.email === "mallory@acme.example")!.mfaSecret,
    );
    const second = await startEmulator({ seed: exported });
    try {
      expect(await second.exportSeed()).toEqual(exported);
      const login = await post(second.url, "/api/fe/v3/login", {
        email: "grace@acme.example",
        password: DEMO_PASSWORD,
      });
      expect(await login.json()).toEqual({ login_state: "Finished" });
    } finally {
      await second.stop();
    }
  });

  it("the CLI starts from a --seed file and --export-seed writes the same file back when it stops", async () => {
    const seeded = await startEmulator({ seed: demoSeed });
    const file = join(dir, "team.seed.json");
    try {
      await changeState(seeded.url);
      await writeSeedFile(file, await seeded.exportSeed());
    } finally {
      await seeded.stop();
    }
    const out = join(dir, "again.seed.json");
    const cli = runCli(["--port", String(await freePort()), "--seed", file, "--export-seed", out]);
    try {
      await cli.printed(/Press Ctrl-C/);
      // the state is written on the way out: wait for the exit itself (stopProcess kills after 3 s of a loaded machine)
      cli.child.kill("SIGTERM");
      await cli.exited;
    } finally {
      await stopProcess(cli.child);
    }
    expect(cli.output()).toContain(`Wrote the state to ${out}`);
    expect(await readFile(out, "utf8")).toBe(await readFile(file, "utf8"));
  });
});

describe("an invalid seed never starts an emulator", () => {
  const user = { email: "ada@acme.example", password: "x" };
  const cases: [string, unknown, string][] = [
    ["an unknown key", { users: [{ ...user, nmae: "Ada" }] }, "users[0].nmae: unknown key"],
    ["a wrong type", { users: [user], orgs: [{ id: "o1", name: 42 }] }, "orgs[0].name: Invalid input: expected string"],
    [
      "a dangling org reference",
      { users: [user], orgs: [{ id: "o1", name: "Acme", members: [{ email: "nobody@acme.example", role: "Owner" }] }] },
      "orgs[0].members[0].email: no user of the seed has the e-mail nobody@acme.example",
    ],
    [
      "an API key of an org the seed does not have",
      { apiKeys: [{ id: "k1", secretHash: "a".repeat(64), orgId: "missing" }] },
      "apiKeys[0].orgId: no org of the seed has the id missing",
    ],
    [
      "a role the settings do not have",
      { users: [user], orgs: [{ id: "o1", name: "A", members: [{ email: user.email, role: "Boss" }] }] },
      'orgs[0].members[0].role: "Boss" is not a role',
    ],
  ];

  it.each(cases)("startEmulator refuses %s, naming the path", async (_, seed, message) => {
    const started = startEmulator({ seed: seed as EmulatorSeed });
    await expect(started).rejects.toBeInstanceOf(SeedError);
    await expect(started).rejects.toThrow(message);
  });

  it.each(cases)("the CLI exits with code 2 on %s, naming the path and the file", async (_, seed, message) => {
    const file = join(dir, "bad.seed.json");
    await writeFile(file, JSON.stringify(seed));
    const cli = runCli(["--port", "0", "--seed", file]);
    expect(await cli.exited).toBe(2);
    expect(cli.output()).toContain(`Invalid seed (${file}), nothing was started:`);
    expect(cli.output()).toContain(message);
    expect(cli.output()).not.toContain("Press Ctrl-C");
  });

  it("a file that is not JSON is named with the parser's message", async () => {
    const file = join(dir, "broken.seed.json");
    await writeFile(file, "{ users: ");
    const cli = runCli(["--port", "0", "--seed", file]);
    expect(await cli.exited).toBe(2);
    expect(cli.output()).toMatch(/\(root\): not JSON/);
  });
});
