/**
 * The directory lock's liveness socket: a Unix socket in the data directory that only a running holder can
 * answer on. On Linux the socket is reached through `/proc/self/fd/<directory fd>/…`, so a data directory of
 * any path length works (a socket path is limited to about 100 bytes).
 */
import { closeSync, existsSync, openSync, unlinkSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { join } from "node:path";

/** A listening liveness socket. */
export interface SocketHandle {
  close(): void;
}

/** What a probe found: a live holder, a dead one's leftover socket, or no socket at all. */
export type ProbeAnswer = "alive" | "dead" | "missing";

/** Runs `use` with a short path to `name` in `directory`; the directory stays open only while `use` runs. */
async function withShortPath<T>(directory: string, name: string, use: (path: string) => Promise<T>): Promise<T> {
  if (!existsSync("/proc/self/fd")) return use(join(directory, name));
  const fd = openSync(directory, "r");
  try {
    return await use(`/proc/self/fd/${fd}/${name}`);
  } finally {
    closeSync(fd);
  }
}

/** Asks whether a process listens on the socket `name` in `directory`. */
export function probeSocket(directory: string, name: string): Promise<ProbeAnswer> {
  if (!existsSync(join(directory, name))) return Promise.resolve("missing");
  return withShortPath(
    directory,
    name,
    (path) =>
      new Promise<ProbeAnswer>((resolve) => {
        const connection = createConnection(path);
        connection.once("connect", () => {
          connection.destroy();
          resolve("alive");
        });
        connection.once("error", (error: NodeJS.ErrnoException) => {
          resolve(error.code === "ENOENT" ? "missing" : "dead");
        });
      }),
  );
}

/** Listens on the socket `name` in `directory` (replacing a dead holder's leftover); does not keep the process alive. */
export function listenOnSocket(directory: string, name: string): Promise<SocketHandle> {
  const file = join(directory, name);
  const removeFile = (): void => {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  };
  removeFile();
  return withShortPath(
    directory,
    name,
    (path) =>
      new Promise<SocketHandle>((resolve, reject) => {
        const server = createServer((connection) => connection.destroy());
        server.once("error", reject);
        server.listen(path, () => {
          server.unref();
          resolve({
            close() {
              server.close();
              removeFile();
            },
          });
        });
      }),
  );
}
