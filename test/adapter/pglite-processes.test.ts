import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { LOCK_FILE } from "../../src/adapter/directory-lock.js";
import { AdapterError, openEmbeddedDatabase } from "../../src/adapter/index.js";
import { PGLITE_NODE_FLAGS } from "../support/wasm-flags.js";

// Real second processes on one PGlite data directory: the second one must refuse, never write beside the first.
const children: ChildProcess[] = [];
const directories: string[] = [];

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function tempDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), "orgauth-pglite-"));
  directories.push(directory);
  return directory;
}

/** A data directory initdb filled once (then closed: no lock file), for the tests that start from an existing one. */
let initialised: Promise<string> | undefined;
afterAll(async () => {
  if (initialised) rmSync(await initialised, { recursive: true, force: true });
});

/**
 * A copy of a data directory initdb has already filled: about 1.5 s of CPU for the process that opens it instead of
 * 5 s running initdb again. The lock is what these tests are about; the first one still lets its child run initdb.
 */
async function existingDirectory(): Promise<string> {
  initialised ??= (async () => {
    const directory = mkdtempSync(join(tmpdir(), "orgauth-pglite-initialised-"));
    await (await openEmbeddedDatabase({ dataDir: directory })).close();
    return directory;
  })();
  const copy = tempDirectory();
  cpSync(await initialised, copy, { recursive: true });
  return copy;
}

/** Starts the child script; resolves with its first JSON line and a promise of its exit code. */
function startChild(
  dataDir: string,
  users: number,
): Promise<{
  child: ChildProcess;
  message: { ready?: true; pid?: number; error?: string };
  exit: Promise<number | null>;
}> {
  const child = spawn(
    process.execPath,
    [
      ...PGLITE_NODE_FLAGS,
      "--import",
      "tsx",
      join(repoRoot, "test", "adapter", "fixtures", "embedded-child.ts"),
      dataDir,
      String(users),
    ],
    { cwd: repoRoot, stdio: ["pipe", "pipe", "inherit"] },
  );
  children.push(child);
  const exit = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk) => {
      output += chunk;
      const line = output.split("\n")[0];
      if (output.includes("\n") && line !== undefined) resolve({ child, message: JSON.parse(line), exit });
    });
    void exit.then((code) => reject(new Error(`child exited (${code}) before reporting: ${output}`)));
  });
}

async function countUsers(dataDir: string): Promise<number> {
  const db = await openEmbeddedDatabase({ dataDir });
  try {
    return Number((await db.query("SELECT count(*)::integer AS n FROM users")).rows[0]?.n);
  } finally {
    await db.close();
  }
}

// Each test boots PGlite in two or three processes; on a loaded machine that takes a while (not a timing assertion).
describe("PGlite data directory shared by two processes", { timeout: 120_000 }, () => {
  it("the second process refuses with directory_locked while the first holds it, and no write is lost", async () => {
    const dataDir = tempDirectory();
    const holder = await startChild(dataDir, 50);
    expect(holder.message).toMatchObject({ ready: true });

    const second = await startChild(dataDir, 50);
    expect(second.message).toEqual({ error: "directory_locked" });
    expect(await second.exit).toBe(3);

    const refused = await openEmbeddedDatabase({ dataDir }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AdapterError);
    expect((refused as AdapterError).code).toBe("directory_locked");
    expect((refused as AdapterError).message).toContain(`process ${holder.message.pid}`);

    holder.child.stdin!.end();
    expect(await holder.exit).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    expect(await countUsers(dataDir)).toBe(50);
  });

  it("takes over the lock of a process that died without closing", async () => {
    const dataDir = await existingDirectory();
    const first = await startChild(dataDir, 10);
    first.child.stdin!.end();
    await first.exit;
    const crashed = await startChild(dataDir, 5);
    expect(crashed.message).toMatchObject({ ready: true });
    crashed.child.kill("SIGKILL");
    await crashed.exit;
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    expect(await countUsers(dataDir)).toBeGreaterThanOrEqual(10);
  });

  /** Rewrites the lock file's holder, as a restarted or recreated container sees it: its pid is ours again. */
  function pretendHolder(dataDir: string, holder: { pid: number; host: string }): void {
    const path = join(dataDir, LOCK_FILE);
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, "utf8")), ...holder }));
  }

  for (const [situation, host] of [
    ["a restarted container (same host name, node is the same PID again)", () => hostname()],
    ["a recreated container (a new host name)", () => "container-before-it-was-recreated"],
  ] as const) {
    it(`takes over after a crash in ${situation}`, async () => {
      const dataDir = await existingDirectory();
      const crashed = await startChild(dataDir, 5);
      expect(crashed.message).toMatchObject({ ready: true });
      crashed.child.kill("SIGKILL");
      await crashed.exit;
      pretendHolder(dataDir, { pid: process.pid, host: host() });
      expect(await countUsers(dataDir)).toBe(5);
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    });
  }

  it("still refuses while the holder lives, whatever pid and host its lock file names", async () => {
    const dataDir = await existingDirectory();
    const holder = await startChild(dataDir, 3);
    pretendHolder(dataDir, { pid: process.pid, host: "container-before-it-was-recreated" });
    await expect(openEmbeddedDatabase({ dataDir })).rejects.toMatchObject({ code: "directory_locked" });
    holder.child.stdin!.end();
    expect(await holder.exit).toBe(0);
  });

  it("refuses a second open in the same process, and a lock file it cannot read", async () => {
    const dataDir = await existingDirectory();
    const db = await openEmbeddedDatabase({ dataDir });
    await expect(openEmbeddedDatabase({ dataDir })).rejects.toMatchObject({ code: "directory_locked" });
    await db.close();
    await db.close();
    writeFileSync(join(dataDir, LOCK_FILE), "not json");
    await expect(openEmbeddedDatabase({ dataDir })).rejects.toMatchObject({ code: "directory_locked" });
  });
});
