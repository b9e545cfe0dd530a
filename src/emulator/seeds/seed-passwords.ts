/**
 * Hashing a seed's plain passwords. scrypt is slow by design (tens of milliseconds a password), so a big seed is
 * hashed on every core: a pool of worker threads, one per core (os.availableParallelism()), each running scrypt
 * synchronously on chunks of passwords while the main thread only hands out chunks and formats the hashes. (Async
 * scrypt would run on libuv's threadpool, four threads unless UV_THREADPOOL_SIZE was set before Node started: not
 * every core.) A handful of passwords is hashed with async scrypt, no threads to start. While a big seed hashes, a
 * progress line goes out about once a second.
 */
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import {
  formatPasswordHash,
  hashPassword,
  PASSWORD_SCRYPT,
  passwordCost,
  passwordInput,
  type ScryptCost,
} from "../tokens/secrets.js";

/** Where the progress of hashing a big seed's passwords is reported. */
export interface SeedProgress {
  /** Receives each progress line (the CLI writes them to stderr). */
  write(line: string): void;
  /** Report only when a seed has at least this many plain passwords to hash; 1,000 by default. */
  fromPasswords?: number;
}

/** Below this many passwords, no threads are started. */
const THREADS_FROM = 16;

/** Passwords per message to a thread. */
const CHUNK = 32;

/** How often a progress line goes out, at most. */
const PROGRESS_EVERY_MS = 1_000;

/** The thread's code (CommonJS, evaluated: no file to ship beside the bundle): scrypt over each password of a chunk. */
const THREAD_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
parentPort.on("message", ({ inputs, salts, keyLength, cost }) => {
  parentPort.postMessage(inputs.map((input, i) => scryptSync(input, salts[i], keyLength, cost)));
});`;

const count = (value: number) => value.toLocaleString("en");

/** A progress reporter: a first line, one about every second, a last line; silent for a small seed. */
function reporter(total: number, threads: number, progress: SeedProgress | undefined) {
  if (!progress || total === 0 || total < (progress.fromPasswords ?? 1_000)) return { advance() {}, finish() {} };
  const started = performance.now();
  let lastLine = started;
  let done = 0;
  const on = threads > 1 ? `on ${threads} threads` : "on 1 thread";
  progress.write(
    `Seed: hashing ${count(total)} plain passwords with scrypt ${on} (slow by design; a seed with passwordHash, as an export writes it, skips this)`,
  );
  return {
    advance(hashed: number) {
      done += hashed;
      const now = performance.now();
      if (now - lastLine < PROGRESS_EVERY_MS || done >= total) return;
      lastLine = now;
      progress.write(`Seed: ${count(done)} of ${count(total)} passwords hashed (${Math.floor((done * 100) / total)}%)`);
    },
    finish() {
      progress.write(
        `Seed: ${count(total)} passwords hashed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    },
  };
}

/** Sends one chunk to a thread and waits for its answer (or its failure). */
function hashOnThread(worker: Worker, inputs: string[], salts: Buffer[], cost: ScryptCost): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const onMessage = (hashes: Uint8Array[]) => {
      settle();
      resolve(hashes);
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    const onExit = (code: number) => {
      settle();
      reject(new Error(`A password-hashing thread stopped (exit code ${code})`));
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage({ inputs, salts, keyLength: PASSWORD_SCRYPT.keyLength, cost });
  });
}

/** Hashes `passwords` on `threads` worker threads, chunk by chunk; `advance` hears of each chunk done. */
async function hashOnThreads(
  passwords: readonly string[],
  threads: number,
  advance: (hashed: number) => void,
): Promise<string[]> {
  const hashes: string[] = new Array(passwords.length);
  const cost = passwordCost();
  const workers = Array.from({ length: threads }, () => new Worker(THREAD_SOURCE, { eval: true }));
  let next = 0;
  try {
    await Promise.all(
      workers.map(async (worker) => {
        while (next < passwords.length) {
          const start = next;
          next += CHUNK;
          const inputs = passwords.slice(start, start + CHUNK).map(passwordInput);
          const salts = inputs.map(() => randomBytes(PASSWORD_SCRYPT.saltLength));
          const outputs = await hashOnThread(worker, inputs, salts, cost);
          outputs.forEach((output, i) => {
            hashes[start + i] = formatPasswordHash(cost, salts[i]!, output);
          });
          advance(inputs.length);
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return hashes;
}

/**
 * Hashes plain passwords as hashPassword does (scrypt, a salt each), in order: on one worker thread per core for
 * a big seed, reporting progress to `progress` when there are at least its `fromPasswords` of them.
 */
export async function hashSeedPasswords(passwords: readonly string[], progress?: SeedProgress): Promise<string[]> {
  const threads =
    passwords.length < THREADS_FROM ? 0 : Math.min(availableParallelism(), Math.ceil(passwords.length / CHUNK));
  const report = reporter(passwords.length, Math.max(threads, 1), progress);
  const hashes =
    threads === 0
      ? await Promise.all(passwords.map(hashPassword))
      : await hashOnThreads(passwords, threads, (hashed) => report.advance(hashed));
  report.finish();
  return hashes;
}
