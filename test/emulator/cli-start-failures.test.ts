import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USAGE } from "../../src/emulator/cli-flags.js";
import { startEmulator } from "../../src/emulator/index.js";
import packageJson from "../../package.json";
import { runCli } from "./run-cli.js";

/** A TCP server on a free 127.0.0.1 port that counts the connections it receives (and answers none). */
async function listener(): Promise<{ server: Server; port: number; connections: () => number }> {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return { server, port, connections: () => connections };
}

/** Whether a TCP connection to 127.0.0.1:`port` is refused now. */
const refused = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });

/**
 * A 127.0.0.1 port where nothing listens, below the range the kernel hands out for port 0 and outgoing connections
 * (Linux's ip_local_port_range): a port `freePort` handed out could be bound by another process of the machine
 * before the CLI tried it, and the CLI then met that process instead of a refusal.
 */
async function refusedPort(): Promise<number> {
  const range = existsSync("/proc/sys/net/ipv4/ip_local_port_range")
    ? Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").split(/\s+/)[0])
    : 32768;
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * (Math.max(range, 20_000) - 10_000));
    if (await refused(port)) return port;
  }
}

/** Runs the CLI to its exit; its exit code, stdout+stderr and stderr. */
async function failedStart(args: string[]): Promise<{ code: number | null; errors: string; output: string }> {
  const cli = runCli(args);
  const code = await cli.exited;
  return { code, errors: cli.errors(), output: cli.output() };
}

/** One line on stderr, nothing else printed, no stack, exit code 2. */
function expectOneLine(result: { code: number | null; errors: string; output: string }): string {
  expect(result.code).toBe(2);
  const line = result.errors.trimEnd();
  expect(line.split("\n"), result.output).toHaveLength(1);
  expect(result.output.trimEnd()).toBe(line);
  expect(line).not.toMatch(/\bat .*:\d+:\d+/);
  return line;
}

describe.concurrent("a start that fails says why in one line and exits with 2", () => {
  let taken: Awaited<ReturnType<typeof listener>>;
  let mysql: Awaited<ReturnType<typeof listener>>;
  const dir = mkdtempSync(join(tmpdir(), "orgauth-cli-"));
  const aFile = join(dir, "a-file");
  writeFileSync(aFile, "not a directory");

  beforeAll(async () => {
    [taken, mysql] = [await listener(), await listener()];
  });
  afterAll(() => {
    taken.server.close();
    mysql.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a port that is not a number, or out of range", async () => {
    for (const port of ["abc", "70000"]) {
      const line = expectOneLine(await failedStart(["--port", port]));
      expect(line).toBe(
        `The port "${port}" is not a port number: give a whole number from 0 to 65535 (--port 4020, or --port 0 for a free one).`,
      );
    }
  });

  it("a port in use: names it and suggests --port 0 or another", async () => {
    const line = expectOneLine(await failedStart(["--port", String(taken.port), "--quiet"]));
    expect(line).toBe(
      `Port ${taken.port} on 127.0.0.1 is already in use: stop the process that listens there, or start on another port (--port ${taken.port + 1}, or --port 0 for a free one).`,
    );
  });

  it("a PostgreSQL server that cannot be reached: names host:port and what to check", async () => {
    const port = await refusedPort();
    const line = expectOneLine(await failedStart(["--database", `postgres://127.0.0.1:${port}/db`, "--quiet"]));
    expect(line).toMatch(
      new RegExp(`^Cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port} \\(.*ECONNREFUSED.*\\): check`),
    );
    expect(line).toContain("(--database)");
  });

  it("a database URL that is not PostgreSQL's is refused before any connection, its password never shown", async () => {
    const line = expectOneLine(
      await failedStart(["--database", `mysql://root:hunter2@127.0.0.1:${mysql.port}/app`, "--quiet"]),
    );
    expect(line).toMatch(
      /^The database URL is a mysql:\/\/ URL: the emulator stores in PostgreSQL \(--database postgres:/,
    );
    expect(line).not.toContain("hunter2");
    expect(mysql.connections()).toBe(0);
  });

  it("a data directory that cannot be created: names the path and the system's reason, at once", async () => {
    const under = join(aFile, "data");
    const line = expectOneLine(await failedStart(["--data-dir", under, "--quiet"]));
    expect(line).toBe(
      `The data directory ${JSON.stringify(under)} cannot be used (ENOTDIR: not a directory, mkdir '${under}'): choose a directory this user can create and write (--data-dir DIR), or leave the flag out to keep the state in memory.`,
    );
  });

  // Node's recursive mkdir retried forever here (the kernel answers ENOENT for /proc's subfolders): the start hung.
  it.skipIf(!existsSync("/proc/self"))("a data directory under /proc fails instead of hanging", async () => {
    const line = expectOneLine(await failedStart(["--data-dir", "/proc/orgauth-no-such/data", "--quiet"]));
    expect(line).toContain("(ENOENT: no such file or directory, mkdir '/proc/orgauth-no-such')");
  });

  it("an unknown flag, a flag without its value, a stray argument", async () => {
    expect(expectOneLine(await failedStart(["--prot", "4020"]))).toBe(
      "Unknown option --prot: --help lists the options.",
    );
    expect(expectOneLine(await failedStart(["--port"]))).toBe(
      "Option '--port <value>' argument missing: give it a value (--help lists the options).",
    );
    expect(expectOneLine(await failedStart(["4020"]))).toBe(
      "Unexpected argument '4020': every option starts with -- (--help lists them).",
    );
  });
});

it("--version prints the package's version and --help the flags, each exiting 0", async () => {
  const version = runCli(["--version"]);
  expect(await version.exited).toBe(0);
  expect(version.output()).toBe(`${packageJson.version}\n`);
  const help = runCli(["--help"]);
  expect(await help.exited).toBe(0);
  expect(help.output()).toBe(`${USAGE}\n`);
});

it("startEmulator throws the same failures as typed errors, before opening anything", async () => {
  await expect(startEmulator({ port: 70_000 })).rejects.toMatchObject({ type: "emulator_start", reason: "port" });
  await expect(startEmulator({ connectionString: "mysql://127.0.0.1/app" })).rejects.toMatchObject({
    type: "emulator_start",
    reason: "database_url",
  });
  await expect(startEmulator({ publicUrl: "javascript:alert(1)" })).rejects.toMatchObject({ reason: "option" });
  await expect(startEmulator({ host: "0.0.0.0" })).rejects.toMatchObject({ reason: "host" });
});
