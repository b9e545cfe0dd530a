/**
 * The fetch the server transport calls when the app passed none. On Node itself, with Node's own global fetch, a
 * request goes over `node:http(s)` (`sendOverNode`: the same bytes on the wire, the deadline without undici's signal
 * machinery). Everything else goes to `globalThis.fetch`, read at call time as before: edge and worker runtimes,
 * Bun and Deno, a global fetch an app or a test replaced, undici's global dispatcher set to a proxy or a mock, Node's
 * proxy from the environment, and any request only fetch writes as fetch does. No `import` of a Node module: the
 * modules come from `process.getBuiltinModule` on first use, so no bundle and no edge runtime resolves them.
 */
import { parseUrl } from "../shared/parse-url.js";
import { type NodeModules, sendOverNode } from "./node-http-fetch.js";

/** Where undici (Node's bundled fetch, and the `undici` package) keeps the global dispatcher. */
const GLOBAL_DISPATCHER = Symbol.for("undici.globalDispatcher.1");
/** A text only Node's own `fetch` holds: the global is Node's, not a wrapper or a stub. */
const NODE_FETCH_SOURCE = "internal/deps/undici/undici";

/** The process object as far as this file reads it (any runtime may lack any of it). */
export interface HostProcess {
  getBuiltinModule?: (id: string) => unknown;
  release?: { name?: string };
  env?: Record<string, string | undefined>;
  execArgv?: string[];
}

/** Node's modules when this runs on Node itself, else null; found on first use. */
let nodeModules: NodeModules | null | undefined;
/** The last global fetch looked at, and whether it is Node's own. */
let lastFetch: unknown;
let lastIsNodes = false;

/** The server transport's default fetch: over node:http(s) where that writes the call as Node's fetch would. */
export const serverFetch: typeof globalThis.fetch = (input, init) => {
  const node = typeof input === "string" && init?.redirect === "manual" && onNodesFetch() ? nodeOnly() : null;
  const url = node ? parseUrl(input as string) : undefined;
  const sent =
    node && url && (url.protocol === "http:" || url.protocol === "https:") ? sendOverNode(node, url, init!) : undefined;
  return sent ?? globalThis.fetch(input, init);
};

/** Node's modules on Node itself, found on first use (`nodeModulesIn` this runtime). */
function nodeOnly(): NodeModules | null {
  nodeModules ??= nodeModulesIn(
    (globalThis as { process?: HostProcess }).process,
    (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent,
  );
  return nodeModules;
}

/**
 * @internal Node's modules when `host` is Node's own process (not Bun's, Deno's, an edge or worker runtime's: their
 * `navigator.userAgent` names them, Node 20 has none) and Node's proxy from the environment is off; else null.
 */
export function nodeModulesIn(host: HostProcess | undefined, userAgent: unknown): NodeModules | null {
  const load = host?.getBuiltinModule;
  const onNode =
    typeof load === "function" &&
    host?.release?.name === "node" &&
    (userAgent === undefined || (typeof userAgent === "string" && userAgent.startsWith("Node.js/")));
  const envProxy =
    Boolean(host?.env?.NODE_USE_ENV_PROXY) ||
    [...(host?.execArgv ?? []), host?.env?.NODE_OPTIONS ?? ""].some((arg) => arg.includes("--use-env-proxy"));
  if (!onNode || envProxy) return null;
  return {
    http: load("node:http") as NodeModules["http"],
    https: load("node:https") as NodeModules["https"],
    zlib: load("node:zlib") as NodeModules["zlib"],
  };
}

/**
 * Whether a call to the global fetch now would be Node's own fetch on its default dispatcher: the global is Node's
 * function (not replaced), and undici's global dispatcher is unset or a plain `Agent` (not a proxy, a mock, or a
 * retrying one).
 */
function onNodesFetch(): boolean {
  const current = globalThis.fetch;
  if (current !== lastFetch) {
    lastFetch = current;
    lastIsNodes =
      typeof current === "function" && Function.prototype.toString.call(current).includes(NODE_FETCH_SOURCE);
  }
  const dispatcher = (globalThis as Record<symbol, { constructor?: { name?: string } } | undefined>)[GLOBAL_DISPATCHER];
  return lastIsNodes && (dispatcher === undefined || dispatcher.constructor?.name === "Agent");
}
