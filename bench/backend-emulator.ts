/**
 * What the backend bench rows share: the emulator in a process of its own (so the bench process's CPU time is the
 * clients' alone), orgauth's backend client from the packed package (as an app installs it) and the unmodified
 * `@propelauth/node` both pointed at it.
 */
import { initBaseAuth } from "@propelauth/node";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPackedApp } from "../scripts/lib/packed-app.js";
import { demoSeed, type EmulatorSeed } from "../src/emulator/index.js";
import type { BackendClient } from "../src/server/backend-client.js";
import type { BackendPages } from "../src/server/backend-pages.js";
import { runCli } from "../test/emulator/run-cli.js";
import { importPacked } from "./packed-entry.js";

/** The provider library's one backend host (it ignores the auth URL for management calls). */
const VENDOR_BACKEND = "https://propelauth-api.com";
const API_KEY = "bench-integration-api-key";

/** An emulator process and both clients on it. */
export interface BackendBench {
  authUrl: string;
  orgauth: BackendClient;
  /** The paged calls of `orgauth` as iterables over every item (`backendPages`). */
  pages: BackendPages;
  /** orgauth's client with answer validation off (what validation costs is the difference). */
  unvalidated: BackendClient;
  /** orgauth's client given Node's global fetch (the path of an app's own fetch and of edge runtimes). */
  overFetch: BackendClient;
  vendor: ReturnType<typeof initBaseAuth>;
  stop(): Promise<void>;
}

/**
 * Starts `npm run emulator` (quiet, on a free port) with `seed` (the demo's when absent; the per-key API-key
 * validation limit off), on `database` when given,
 * and sends the vendor library's backend host there by wrapping the global fetch it looks up at call time, during its
 * calls only: orgauth's calls meet Node's own global fetch, as in an app (a replaced global fetch is one orgauth's
 * server transport calls instead of node:http). orgauth's client is `orgauth/server` of this tree's packed package,
 * installed in a throwaway app (built once per tree state).
 */
export async function startBackendBench(seed?: EmulatorSeed, database?: string): Promise<BackendBench> {
  const app = createPackedApp();
  const { backendPages, createBackendClient } = await importPacked<typeof import("../src/server/index.js")>(
    app.dir,
    "server.js",
  );
  const args = ["--port", "0", "--quiet", "--api-key", API_KEY];
  // The per-key validation limit (100 in 10 s by default) is off: the benches validate one key hundreds of times.
  const seeded = seed ?? demoSeed;
  const file = join(tmpdir(), `orgauth-bench-seed-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ ...seeded, settings: { ...seeded.settings, apiKeyValidationLimit: 0 } }));
  args.push("--seed", file);
  if (database) args.push("--database", database);
  const cli = runCli(args);
  await cli.printed(/Press Ctrl-C/);
  const authUrl = /Auth URL\s+(\S+)/.exec(cli.output())![1]!;
  const realFetch = globalThis.fetch;
  const redirecting: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(`${VENDOR_BACKEND}/`)) return realFetch(input, init);
    const redirected = `${authUrl}${url.slice(VENDOR_BACKEND.length)}`;
    return input instanceof Request ? realFetch(new Request(redirected, input), init) : realFetch(redirected, init);
  };
  const orgauth = createBackendClient({ authUrl, apiKey: API_KEY });
  return {
    authUrl,
    orgauth,
    pages: backendPages(orgauth),
    unvalidated: createBackendClient({ authUrl, apiKey: API_KEY, validation: "off" }),
    overFetch: createBackendClient({ authUrl, apiKey: API_KEY, fetch: realFetch }),
    vendor: withGlobalFetch(() => initBaseAuth({ authUrl, apiKey: API_KEY }), redirecting),
    stop: async () => {
      cli.child.kill("SIGTERM");
      await cli.exited;
      app.remove();
    },
  };
}

/**
 * The client `create` makes (it fetches at once: the vendor's reads its token verification metadata) with each of
 * its methods run while the global fetch is `fetch` (calls one at a time: the bench awaits each), the global put
 * back after each; the methods are wrapped once, not per call.
 */
function withGlobalFetch<Client extends object>(create: () => Client, fetch: typeof globalThis.fetch): Client {
  const global = globalThis.fetch;
  globalThis.fetch = fetch;
  let client: Client;
  try {
    client = create();
  } finally {
    globalThis.fetch = global;
  }
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(client)) {
    if (typeof method !== "function") {
      wrapped[name] = method;
      continue;
    }
    wrapped[name] = async (...args: unknown[]) => {
      const outside = globalThis.fetch;
      globalThis.fetch = fetch;
      try {
        return await method.apply(client, args);
      } finally {
        globalThis.fetch = outside;
      }
    };
  }
  return wrapped as Client;
}

/** Milliseconds of wall time and of this process's CPU time (user + system) that `run` took. */
export async function timed(run: () => Promise<unknown>): Promise<{ wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}
