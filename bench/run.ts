import * as classic from "zod";
import * as mini from "zod/mini";
import { loadContract, type SchemaNode } from "../scripts/codegen/contract.js";
import { referencedComponents, zodExpression } from "../scripts/codegen/zod-expression.js";
import { repoRoot } from "../scripts/lib/repo-root.js";
import { getOrgSettings, refreshToken } from "../src/generated/operations.js";
import { createTransport } from "../src/transport/index.js";
import { runAdapterBench } from "./adapter-store.js";
import { runEmulatorThroughput } from "./emulator-throughput.js";
import { runFirstMount } from "./first-mount.js";
import { runPerCallOverhead } from "./per-call.js";
import { runRefreshTraffic } from "./refresh-traffic.js";
import { runRefreshTrafficChromium } from "./refresh-traffic-chromium.js";
import { runRefreshTrafficModes } from "./refresh-traffic-modes.js";
import { runFirstHtml } from "./first-html.js";
import { runServerRead } from "./server-read.js";
import { runSeedLoad } from "./seed-load.js";

/**
 * `npm run bench`: each measurement is a ratio against a baseline run in the same process, so machine speed cancels out.
 *  1. Validation: our generated validator on zod/mini vs the same expression on zod classic.
 *  2. Transport overhead: a generated fetcher (openapi-fetch, headers, timeout, validation) vs a bare fetch + JSON.parse.
 *  3. Refresh traffic (bench/refresh-traffic.ts): requests per simulated hour, tabs coordinated vs each on its own;
 *     and in headless Chromium (bench/refresh-traffic-chromium.ts): 5 tabs vs one, quiet and saturated CPU; per mode
 *     (bench/refresh-traffic-modes.ts): 5 tabs at the default timing, orgauth alone and with tabSync vs the vendor's client.
 *  4. Identity store (bench/adapter-store.ts): adapter ops/s on PGlite and PostgreSQL vs a bare round trip; PGlite open time and memory.
 *     Emulator throughput (bench/emulator-throughput.ts): logins and refreshes per second over HTTP, PGlite and PostgreSQL.
 *     Seed load (bench/seed-load.ts): 100,000 users with password hashes, start to listening, PGlite and PostgreSQL.
 *  5. Per-call overhead (bench/per-call.ts): orgauth's fetcher vs the vendor's API client, side by side in one run.
 *  6. First mount in headless Chromium (bench/first-mount.ts): orgauth vs the vendor's SDK, one tab and five at once.
 *  7. Server read (bench/server-read.ts): orgauth/server's local read of the user vs bare jwtVerify and vs a request
 *     to the auth host; first HTML of the Next.js example signed in (bench/first-html.ts).
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

const results: [string, number, number][] = [];

// zod classic spells a few of zod/mini's functions as methods or under other names.
const classicShim = {
  ...classic,
  minimum: classic.gte,
  maximum: classic.lte,
  catchall: (object: classic.ZodObject, value: classic.ZodType) => object.catchall(value),
};
const miniSchema = compileWith(mini, "RefreshTokenResponse");
const classicSchema = compileWith(classicShim, "RefreshTokenResponse");
results.push([
  "validate refresh response: zod/mini (ours) vs zod classic",
  await opsPerSecond(() => miniSchema.parse(refreshExample)),
  await opsPerSecond(() => classicSchema.parse(refreshExample)),
]);

const settingsFetch = jsonFetch(settingsExample);
const transport = createTransport({ authUrl: "https://auth.example.com", fetch: settingsFetch });
results.push([
  "getOrgSettings fetcher vs bare fetch + JSON.parse",
  await opsPerSecond(() => getOrgSettings(transport, { query: { org_id: "org_acme" } })),
  await opsPerSecond(async () =>
    (await settingsFetch("https://auth.example.com/api/fe/v3/org_settings?org_id=org_acme")).json(),
  ),
]);
const refreshTransport = createTransport({ authUrl: "https://auth.example.com", fetch: jsonFetch(refreshExample) });
results.push([
  "refreshToken fetcher vs bare fetch + JSON.parse",
  await opsPerSecond(() => refreshToken(refreshTransport, {})),
  await opsPerSecond(async () =>
    (await jsonFetch(refreshExample)("https://auth.example.com/api/v1/refresh_token")).json(),
  ),
]);

for (const [name, ours, baseline] of results) {
  console.log(
    `${name}\n  ours ${Math.round(ours).toLocaleString("en")} ops/s, baseline ${Math.round(baseline).toLocaleString("en")} ops/s, ratio ${(ours / baseline).toFixed(2)}×`,
  );
}

console.log();
await runRefreshTraffic();
console.log();
await runRefreshTrafficChromium();
console.log();
await runRefreshTrafficModes();

console.log();
await runAdapterBench();
console.log();
await runEmulatorThroughput();
console.log();
await runSeedLoad();
console.log();
await runPerCallOverhead(settingsExample);
console.log();
await runFirstMount();
console.log();
await runServerRead();
console.log();
await runFirstHtml();
