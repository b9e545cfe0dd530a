import * as classic from "zod";
import * as mini from "zod/mini";
import { loadContract, type SchemaNode } from "../scripts/codegen/contract.js";
import { referencedComponents, zodExpression } from "../scripts/codegen/zod-expression.js";
import { repoRoot } from "../scripts/lib/repo-root.js";
import { getOrgSettings, refreshToken } from "../src/generated/operations.js";
import { createTransport } from "../src/transport/index.js";
import { runAdapterBench } from "./adapter-store.js";
import { runBackendApiKeyValidation } from "./backend-api-key-validation.js";
import { runBackendPaging } from "./backend-paging.js";
import { runBackendPerCall } from "./backend-per-call.js";
import { runEmulatorThroughput } from "./emulator-throughput.js";
import { runExpressGuard } from "./express-guard.js";
import { runFirstMount } from "./first-mount.js";
import { runPerCallOverhead } from "./per-call.js";
import { runRefreshTraffic } from "./refresh-traffic.js";
import { runRefreshTrafficChromium } from "./refresh-traffic-chromium.js";
import { runRefreshTrafficModes } from "./refresh-traffic-modes.js";
import { runFirstHtml } from "./first-html.js";
import { runServerRead } from "./server-read.js";
import { runSeedLoad } from "./seed-load.js";
import { runSessionCookies } from "./session-cookies.js";

/**
 * `npm run bench [-- row …]`: each measurement is a ratio against a baseline run in the same process, so machine
 * speed cancels out. With row names, only those rows run (`npm run bench -- per-call first-mount`); without, all.
 *  validation: our generated validator on zod/mini vs the same expression on zod classic.
 *  transport: a generated fetcher (the transport's own URL builder, headers, timeout, validation) vs a bare fetch +
 *    JSON.parse, both on an in-memory fetch.
 *  refresh-traffic (bench/refresh-traffic.ts): requests per simulated hour, tabs coordinated vs each on its own;
 *  refresh-chromium (bench/refresh-traffic-chromium.ts): in headless Chromium, 5 tabs vs one, quiet and saturated CPU;
 *  refresh-modes (bench/refresh-traffic-modes.ts): 5 tabs at the default timing, orgauth alone and with tabSync vs
 *    the vendor's client.
 *  adapter (bench/adapter-store.ts): adapter ops/s on PGlite and PostgreSQL vs a bare round trip; PGlite open time
 *    and memory.
 *  emulator (bench/emulator-throughput.ts): logins and refreshes per second over HTTP, PGlite and PostgreSQL.
 *  seed-load (bench/seed-load.ts): 100,000 users with password hashes, start to listening, PGlite and PostgreSQL.
 *  per-call (bench/per-call.ts): orgauth's fetcher vs the vendor's API client, side by side in one run.
 *  first-mount (bench/first-mount.ts): headless Chromium, orgauth vs the vendor's SDK, one tab and five at once.
 *  server-read (bench/server-read.ts): orgauth/server's local read of the user vs bare jwtVerify and vs a request
 *    to the auth host.
 *  first-html (bench/first-html.ts): first HTML of a minimal App Router app, orgauth vs @propelauth/nextjs, and
 *    the signed-in page's browser JS over the same app without auth.
 *  backend-per-call (bench/backend-per-call.ts): orgauth's backend client vs @propelauth/node on one emulator.
 *  backend-api-keys (bench/backend-api-key-validation.ts): API-key validation round trip, PGlite and PostgreSQL.
 *  backend-paging (bench/backend-paging.ts): every member of an org of 10,000, orgauth's client vs @propelauth/node.
 *  session-cookies (bench/session-cookies.ts): Cookie and forwarded header bytes of a user in 1, 10, 50, 200 orgs.
 *  express-guard (bench/express-guard.ts): per request, orgauth/express's guard vs @propelauth/express's, server CPU
 *    and wall on the same token and route.
 */
const contract = await loadContract(`${repoRoot}/openapi/auth-api.yaml`);
const components: Record<string, SchemaNode> = contract.document.components.schemas;
const refreshExample = exampleOf("/api/v1/refresh_token", "get");
const settingsExample = exampleOf("/api/fe/v3/org_settings", "get");

function exampleOf(path: string, method: string): unknown {
  const response = contract.resolve(contract.document.paths[path][method].responses["200"]);
  return Object.values<{ value: unknown }>(response.content["application/json"].examples)[0]!.value;
}

/** Compiles a component (and what it references) with a given zod namespace, from the emitter's own expressions. */
function compileWith(
  namespace: object,
  name: string,
  cache = new Map<string, unknown>(),
): { parse(value: unknown): unknown } {
  for (const dependency of referencedComponents(components[name]))
    if (!cache.has(dependency)) compileWith(namespace, dependency, cache);
  const source = zodExpression(components[name]!, {
    mode: "response",
    reference: (ref) => `c[${JSON.stringify(ref)}]`,
  });
  const schema = new Function("z", "c", `return ${source};`)(namespace, Object.fromEntries(cache));
  cache.set(name, schema);
  return schema;
}

async function opsPerSecond(run: () => unknown, durationMs = 1_000): Promise<number> {
  for (let i = 0; i < 200; i++) await run(); // warm up
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < durationMs) {
    for (let i = 0; i < 50; i++) await run();
    count += 50;
  }
  return (count * 1000) / (performance.now() - started);
}

function jsonFetch(body: unknown): typeof fetch {
  const text = JSON.stringify(body);
  return async () => new Response(text, { status: 200, headers: { "Content-Type": "application/json" } });
}

/** Prints each micro-benchmark's rate against its baseline's. */
function printRatios(results: [string, number, number][]): void {
  for (const [name, ours, baseline] of results) {
    console.log(
      `${name}\n  ours ${Math.round(ours).toLocaleString("en")} ops/s, baseline ${Math.round(baseline).toLocaleString("en")} ops/s, ratio ${(ours / baseline).toFixed(2)}×`,
    );
  }
}

// zod classic spells a few of zod/mini's functions as methods or under other names.
const classicShim = {
  ...classic,
  minimum: classic.gte,
  maximum: classic.lte,
  catchall: (object: classic.ZodObject, value: classic.ZodType) => object.catchall(value),
};

/** The generated validator of the refresh answer on zod/mini against the same expression on zod classic. */
async function runValidation(): Promise<void> {
  const miniSchema = compileWith(mini, "RefreshTokenResponse");
  const classicSchema = compileWith(classicShim, "RefreshTokenResponse");
  printRatios([
    [
      "validate refresh response: zod/mini (ours) vs zod classic",
      await opsPerSecond(() => miniSchema.parse(refreshExample)),
      await opsPerSecond(() => classicSchema.parse(refreshExample)),
    ],
  ]);
}

/** Two generated fetchers on an in-memory fetch against a bare fetch + JSON.parse of the same answer. */
async function runTransport(): Promise<void> {
  const settingsFetch = jsonFetch(settingsExample);
  const transport = createTransport({ authUrl: "https://auth.example.com", fetch: settingsFetch });
  const refreshTransport = createTransport({ authUrl: "https://auth.example.com", fetch: jsonFetch(refreshExample) });
  printRatios([
    [
      "getOrgSettings fetcher vs bare fetch + JSON.parse",
      await opsPerSecond(() => getOrgSettings(transport, { query: { org_id: "org_acme" } })),
      await opsPerSecond(async () =>
        (await settingsFetch("https://auth.example.com/api/fe/v3/org_settings?org_id=org_acme")).json(),
      ),
    ],
    [
      "refreshToken fetcher vs bare fetch + JSON.parse",
      await opsPerSecond(() => refreshToken(refreshTransport, {})),
      await opsPerSecond(async () =>
        (await jsonFetch(refreshExample)("https://auth.example.com/api/v1/refresh_token")).json(),
      ),
    ],
  ]);
}

/** Every row by the name `npm run bench -- <name>` takes, in the order a full run takes them. */
const ROWS: Record<string, () => Promise<void>> = {
  validation: runValidation,
  transport: runTransport,
  "refresh-traffic": runRefreshTraffic,
  "refresh-chromium": runRefreshTrafficChromium,
  "refresh-modes": runRefreshTrafficModes,
  adapter: runAdapterBench,
  emulator: runEmulatorThroughput,
  "seed-load": runSeedLoad,
  "per-call": () => runPerCallOverhead(settingsExample),
  "first-mount": runFirstMount,
  "server-read": runServerRead,
  "first-html": runFirstHtml,
  "backend-per-call": runBackendPerCall,
  "backend-api-keys": runBackendApiKeyValidation,
  "backend-paging": runBackendPaging,
  "session-cookies": runSessionCookies,
  "express-guard": runExpressGuard,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !Object.hasOwn(ROWS, name));
if (unknown.length > 0) {
  console.error(`Unknown bench row ${unknown.join(", ")}; the rows: ${Object.keys(ROWS).join(", ")}`);
  process.exit(2);
}
for (const [name, run] of Object.entries(ROWS)) {
  if (asked.length > 0 && !asked.includes(name)) continue;
  await run();
  console.log();
}
