/**
 * A throwaway PostgreSQL cluster from Debian's `postgresql` package: `initdb` into a temporary directory, `postgres`
 * on 127.0.0.1 at a free port, stopped (and the directory removed) by `stop()`. PostgreSQL refuses to run as root,
 * so under root both run as the `postgres` system user the package creates. A watchdog process stops the server
 * if the process that started it dies first.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "../../scripts/lib/prism.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";

/** A running throwaway cluster. */
export interface PostgresCluster {
  /** Connection string of the `postgres` database, superuser `postgres`, no password (trust on 127.0.0.1). */
  url: string;
  stop(): Promise<void>;
}

/** The directory with Debian's `initdb` and `postgres` (newest version), or null when the package is not installed. */
export function findPostgresBin(): string | null {
  const fromEnv = process.env.ORGAUTH_PG_BIN;
  if (fromEnv !== undefined && fromEnv !== "") return existsSync(join(fromEnv, "postgres")) ? fromEnv : null;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  const found = versions
    .map((version) => join(root, version, "bin"))
    .find((bin) => existsSync(join(bin, "postgres")) && existsSync(join(bin, "initdb")));
  return found ?? null;
}

/** uid and gid to run the server as: the `postgres` user under root, else this process's own. */
function serverIdentity(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  if (line === undefined)
    throw new Error(
      "PostgreSQL will not run as root and there is no `postgres` user (apt-get install postgresql creates it)",
    );
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

async function waitUntilReady(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`postgres exited while starting:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline)
        throw new Error(`postgres did not accept connections within 60 s (${String(error)}):\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Starts a throwaway cluster; throws with the server's output when it cannot start. */
export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const identity = serverIdentity();
  const dir = mkdtempSync(join(tmpdir(), "orgauth-pg-"));
  if (identity !== undefined) chownSync(dir, identity.uid, identity.gid);
  const data = join(dir, "data");
  const asServer = { cwd: dir, ...identity };
  const init = spawnSync(
    join(bin, "initdb"),
    ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"],
    { ...asServer, encoding: "utf8" },
  );
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (${init.status}):\n${init.stdout}${init.stderr}${init.error ?? ""}`);
  }
  const port = await freePort();
  const settings = [
    "listen_addresses=127.0.0.1",
    `unix_socket_directories=${dir}`,
    "fsync=off",
    "synchronous_commit=off",
    "full_page_writes=off",
    "max_connections=200",
  ];
  const server = spawn(
    join(bin, "postgres"),
    ["-D", data, "-p", String(port), ...settings.flatMap((setting) => ["-c", setting])],
    { ...asServer, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const watchdog = spawn(
    process.execPath,
    [join(repoRoot, "test", "support", "postgres-watchdog.cjs"), String(process.pid), String(server.pid), dir],
    { stdio: "ignore" },
  );

  const stop = async (): Promise<void> => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill("SIGINT"); // fast shutdown
      const timer = setTimeout(() => server.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
    watchdog.kill("SIGKILL");
  };
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilReady(url, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
