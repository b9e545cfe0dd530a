/**
 * A lock file that keeps a second process off an embedded database's data directory. PGlite has no cross-process
 * lock of its own, and two processes writing one directory silently lose writes. The file names the holder (pid
 * and host); a lock whose process on this host is gone is stale and taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { AdapterError } from "./errors.js";

/** The lock file's name inside the data directory. */
export const LOCK_FILE = "orgauth.lock";

interface Holder {
  pid: number;
  host: string;
  since: string;
}

/** A held lock; `release` removes the file (only if it is still ours). */
export interface DirectoryLock {
  release(): void;
}

function readHolder(path: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(path, "utf8")) as Partial<Holder>;
    return typeof holder.pid === "number" && typeof holder.host === "string"
      ? { pid: holder.pid, host: holder.host, since: String(holder.since) }
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

/** Takes the lock on `directory` (creating it), or throws `directory_locked` naming the process that holds it. */
export function lockDirectory(directory: string): DirectoryLock {
  mkdirSync(directory, { recursive: true });
  const path = join(directory, LOCK_FILE);
  const own: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; !tryCreate(path, own); attempt++) {
    const holder = readHolder(path);
    const stale = holder !== null && holder.host === own.host && holder.pid !== process.pid && !isRunning(holder.pid);
    if (!stale || attempt > 0) {
      const who =
        holder === null
          ? "another process"
          : holder.pid === process.pid && holder.host === own.host
            ? "this process (it is already open)"
            : `process ${holder.pid} on ${holder.host} (since ${holder.since})`;
      throw new AdapterError(
        "directory_locked",
        `The embedded database directory ${directory} is in use by ${who}. Close it there first (two processes on one directory lose writes); if no process uses it, delete ${path}.`,
      );
    }
    unlinkSync(path);
  }
  const releaseOnExit = (): void => release();
  const release = (): void => {
    process.off("exit", releaseOnExit);
    const holder = readHolder(path);
    if (holder?.pid === own.pid && holder.host === own.host && holder.since === own.since) unlinkSync(path);
  };
  process.on("exit", releaseOnExit);
  return { release };
}
