/**
 * A lock that keeps a second process off an embedded database's data directory. PGlite has no cross-process lock
 * of its own, and two processes writing one directory silently lose writes.
 *
 * The lock file names the holder (pid, host, boot). Whether the holder still lives is asked of the kernel: the
 * holder listens on a Unix socket beside the lock file, and a process that died — killed, out of memory, a
 * container stopped by SIGKILL — holds no socket, whatever its pid or host name. So a restarted container, where
 * node is PID 1 again, or a recreated one with a new host name, takes the lock over; a live process in another
 * container that shares the volume still answers and keeps it. Where no socket can be made (Windows), the pid and
 * host decide as a fallback. This file is longer than most because the takeover must be safe against a race.
 */
import { randomUUID } from "node:crypto";
import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { AdapterError } from "./errors.js";
import { probeSocket, listenOnSocket, type SocketHandle } from "./lock-socket.js";
import { makeDirectory } from "./make-directory.js";

/** The lock file's name inside the data directory. */
export const LOCK_FILE = "orgauth.lock";
/** The holder's liveness socket, beside the lock file. */
const SOCKET_FILE = "orgauth.lock.sock";
/** How long a lock file may exist before its holder's socket does (the holder creates the file, then listens). */
const SOCKET_GRACE_MS = 10_000;

interface Holder {
  pid: number;
  host: string;
  since: string;
  /** The kernel's boot id: sockets and pids are only comparable on the same boot of the same kernel. */
  boot?: string | undefined;
  /** True when the holder listens on the liveness socket. */
  socket?: boolean;
}

/** A held lock; `release` removes the file (only if it is still ours). */
export interface DirectoryLock {
  release(): void;
}

function bootId(): string | undefined {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

function readHolder(path: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(path, "utf8")) as Partial<Holder>;
    return typeof holder.pid === "number" && typeof holder.host === "string"
      ? { ...holder, pid: holder.pid, host: holder.host, since: String(holder.since) }
      : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function tryCreate(path: string, holder: Holder): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(holder));
  } finally {
    closeSync(fd);
  }
  return true;
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Whether the process named by the lock file still holds it. */
async function holderIsAlive(directory: string, holder: Holder, own: Holder): Promise<boolean> {
  const sameKernel = holder.boot !== undefined && holder.boot === own.boot;
  if (holder.socket === true && sameKernel) {
    const answer = await probeSocket(directory, SOCKET_FILE);
    if (answer !== "missing") return answer === "alive";
    return ageMs(join(directory, LOCK_FILE)) < SOCKET_GRACE_MS;
  }
  if (holder.host !== own.host) return true; // another machine (or a kernel we cannot ask): assume it lives
  if (holder.boot !== undefined && own.boot !== undefined && holder.boot !== own.boot) return false; // rebooted
  return holder.pid === process.pid || isRunning(holder.pid);
}

function lockedError(directory: string, path: string, holder: Holder | null, own: Holder): AdapterError {
  const who =
    holder === null
      ? "another process"
      : holder.pid === own.pid && holder.host === own.host
        ? "this process (it is already open)"
        : `process ${holder.pid} on ${holder.host} (since ${holder.since})`;
  return new AdapterError(
    "directory_locked",
    `The embedded database directory ${directory} is in use by ${who}. Close it there first (two processes on one directory lose writes); if no process uses it, delete ${path}.`,
  );
}

/**
 * Moves a stale lock file aside, unless another process replaced it meanwhile: then that process's lock is put
 * back and false is returned. Two processes taking over one stale lock at once cannot both succeed.
 */
function moveStaleAside(path: string, stale: Holder): boolean {
  const aside = `${path}.stale-${randomUUID()}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true; // someone else moved it: try to create
    throw error;
  }
  const moved = readHolder(aside);
  const isTheStaleOne = moved !== null && moved.pid === stale.pid && moved.since === stale.since;
  if (!isTheStaleOne) {
    try {
      linkSync(aside, path);
    } catch {
      // A third process created a lock meanwhile: it holds the directory either way.
    }
  }
  unlinkSync(aside);
  return isTheStaleOne;
}

/** Takes the lock on `directory` (creating it), or throws `directory_locked` naming the process that holds it. */
export async function lockDirectory(directory: string): Promise<DirectoryLock> {
  try {
    makeDirectory(directory);
  } catch (error) {
    throw new AdapterError(
      "database_error",
      `The embedded database directory ${directory} cannot be created (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  const path = join(directory, LOCK_FILE);
  const own: Holder = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    boot: bootId(),
    socket: process.platform !== "win32",
  };
  for (let attempt = 0; !tryCreate(path, own); attempt++) {
    const holder = readHolder(path);
    if (holder === null || attempt > 1 || (await holderIsAlive(directory, holder, own)))
      throw lockedError(directory, path, holder, own);
    if (!moveStaleAside(path, holder)) throw lockedError(directory, path, readHolder(path), own);
  }
  let socket: SocketHandle | undefined;
  try {
    socket = own.socket ? await listenOnSocket(directory, SOCKET_FILE) : undefined;
  } catch (error) {
    unlinkSync(path);
    throw new AdapterError(
      "database_error",
      `The embedded database directory ${directory} cannot be locked (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  const releaseOnExit = (): void => release();
  const release = (): void => {
    process.off("exit", releaseOnExit);
    const holder = readHolder(path);
    if (holder?.pid === own.pid && holder.host === own.host && holder.since === own.since) unlinkSync(path);
    socket?.close();
  };
  process.on("exit", releaseOnExit);
  return { release };
}
