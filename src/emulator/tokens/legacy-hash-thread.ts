/**
 * Checking an imported bcrypt or argon2id hash on a worker thread, not the event loop: at the highest accepted costs
 * one check takes about a second of CPU, which on the main thread would hold every other request (`/health`
 * included) that long. As the seed loader hashes passwords (seeds/seed-passwords.ts), the thread's code is evaluated
 * CommonJS, no file to ship beside the bundle. A thread is started per check, at most one per core at once (the rest
 * wait their turn), and ends with it, so its memory (argon2id's up to 64 MiB) goes with it.
 */
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";

/**
 * The thread's code: loads `hash-wasm` from the first base it resolves from (the app's folder, then the running
 * script's), checks one password, posts the verdict or the failure's message.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { createRequire } = require("node:module");
const { password, hash, bases } = workerData;
(async () => {
  let hashWasm;
  for (const base of bases) {
    try {
      hashWasm = createRequire(base)("hash-wasm");
      break;
    } catch {}
  }
  if (!hashWasm) throw new Error("hash-wasm could not be loaded from " + bases.join(" or "));
  const verify = hash.startsWith("$2") ? hashWasm.bcryptVerify : hashWasm.argon2Verify;
  parentPort.postMessage(await verify({ password, hash }));
})().catch((error) => parentPort.postMessage({ failed: String((error && error.message) || error) }));`;

/** Where the thread resolves `hash-wasm` from: the working directory (the app), then the running script. */
const resolutionBases = (): string[] =>
  [join(process.cwd(), "index.js"), process.argv[1]].filter((base): base is string => typeof base === "string");

let running = 0;
const waiting: (() => void)[] = [];

/** Waits for a free thread slot (one per core). */
async function slot(): Promise<void> {
  if (running < availableParallelism()) {
    running++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

/** Hands the slot to the next waiting check, or frees it. */
function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/** Runs one check on a thread of its own; its answer, or its failure as an Error. */
function checkOnThread(password: string, hash: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { password, hash, bases: resolutionBases() } });
    worker.once("message", (answer: boolean | { failed: string }) => {
      if (typeof answer === "boolean") resolve(answer);
      else reject(new Error(answer.failed));
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`A password-checking thread stopped (exit code ${code})`)));
  });
}

/** Whether `password` matches an imported bcrypt or argon2id hash, checked on a worker thread. */
export async function verifyOnThread(password: string, hash: string): Promise<boolean> {
  await slot();
  try {
    return await checkOnThread(password, hash);
  } finally {
    release();
  }
}
