/**
 * A seeded property-based run over every emulator route (fast-check): arbitrary path parameters, query strings,
 * bodies (JSON of any shape, deep nesting, text, forms) and headers (content types, cookies, origins, the admin
 * secret), with a named corpus of text PostgreSQL refuses and over-long values mixed in and swept through every
 * route, and object-prototype names (`constructor`, `__proto__` …) as path parameters, query names and values and
 * field names. No answer may be a 500, the server must not crash, and it must still answer afterwards — on PGlite and on
 * PostgreSQL.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoSeed, type RunningEmulator, startEmulator } from "../../src/emulator/index.js";
import type { EmulatorContext } from "../../src/emulator/store/context.js";
import { createRouter } from "../../src/emulator/server.js";
import { PROTOTYPE_NAMES } from "../support/prototype-names.js";
import { freshDatabase, stageHasPostgres } from "../support/stage-postgres.js";
import { ADA, raw, useEmulator } from "./harness.js";

const SEED = 1_818_018;
const RUNS = 600;

const emu = useEmulator();
const routes = createRouter(
  {} as EmulatorContext,
  { reset: async () => undefined, seed: async () => undefined, exportSeed: async () => ({}) },
  "unused",
).list();

/**
 * The named corpus: text PostgreSQL refuses (NUL, unpaired UTF-16 surrogates) and over-long values, in the forms
 * each part of a request carries them — decoded for JSON and forms, percent-encoded for paths and queries.
 */
const CORPUS = {
  nul: "\u0000",
  loneHigh: "\ud800",
  loneLow: "x\udc00y",
  overLong: "a".repeat(50_000),
  overLongEmail: `${"a".repeat(5_000)}@acme.example`,
  overLongName: "n".repeat(10_000),
} as const;
/** The corpus as it goes into a path segment or a query value (an unpaired surrogate as its WTF-8 bytes). */
const encoded = (text: string): string =>
  text
    .split(/([\ud800-\udfff])/)
    .map((part, i) => (i % 2 === 1 ? "%ED%A0%80" : encodeURIComponent(part)))
    .join("");
const corpusText = fc.constantFrom(...Object.values(CORPUS));
const ascii = fc.string({ unit: "grapheme-ascii", maxLength: 40 });
const prototypeName = fc.constantFrom(...PROTOTYPE_NAMES);
const printable = fc.oneof(
  { weight: 6, arbitrary: ascii },
  { weight: 1, arbitrary: corpusText },
  { weight: 1, arbitrary: prototypeName },
);
const segment = fc.oneof(
  fc.constantFrom("%ZZ", "%", "%E0%A4%A", "..", "%2F", "%00", "%ED%A0%80", "ada", "org_x", "usr_x", ""),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  corpusText.map(encoded),
  prototypeName,
);
const deep = fc.integer({ min: 1, max: 3000 }).map((n) => "[".repeat(n) + "]".repeat(n));
const jsonBody = fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v) ?? "null");
const objectBody = fc
  .dictionary(
    fc.constantFrom(
      ...["email", "password", "name", "org_id", "user_id", "role", "properties", "code", "token", "x"],
      ...["roles", "lockAfterFailedLogins", "signup", "logoutRedirect", "requiredUserFields", "users", "orgs"],
      ...PROTOTYPE_NAMES,
    ),
    fc.jsonValue({ maxDepth: 4 }),
  )
  .map((v) => JSON.stringify(v));
const formBody = fc
  .dictionary(
    fc.constantFrom("email", "password", "rt", "name", "code", "backup_code", "t", "i", ...PROTOTYPE_NAMES),
    printable,
  )
  .map((v) => new URLSearchParams(v).toString());
const body = fc.option(fc.oneof(jsonBody, objectBody, formBody, deep, fc.string({ maxLength: 200 })), {
  nil: undefined,
});
const contentType = fc.option(
  fc.constantFrom(
    "application/json",
    "application/x-www-form-urlencoded",
    "text/plain",
    "multipart/form-data; boundary=x",
    "application/json; charset=utf-16",
  ),
  { nil: undefined },
);
const origin = fc.option(fc.constantFrom("https://evil.example", "http://localhost:5173", "null", "junk", "own"), {
  nil: undefined,
});
const site = fc.option(fc.constantFrom("same-origin", "same-site", "cross-site", "none", "weird"), { nil: undefined });
const cookie = fc.option(
  fc.oneof(
    fc.constant("session"),
    ascii.map((s) => `__session=${s}`),
    ascii,
    corpusText.map((s) => `__session=${encoded(s.slice(0, 2_000))}`),
  ),
  { nil: undefined },
);

const request = fc.record({
  route: fc.constantFrom(...routes),
  method: fc.option(fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"), { nil: undefined }),
  params: fc.array(segment, { minLength: 4, maxLength: 4 }),
  query: fc.option(
    fc.dictionary(
      fc.constantFrom(
        "rt",
        "to",
        "page_size",
        "page_number",
        "token",
        "x",
        "active_org_id",
        "sort_by",
        ...PROTOTYPE_NAMES,
      ),
      printable,
    ),
    { nil: undefined },
  ),
  body,
  contentType,
  csrf: fc.boolean(),
  secret: fc.boolean(),
  origin,
  site,
  cookie,
  randomPath: fc.option(fc.webPath(), { freq: 8, nil: undefined }),
});

/** One generated request. */
type FuzzRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

/** An emulator the fuzz runs against. */
interface Target {
  url: string;
  secret: string;
  /** A session cookie of Ada's. */
  session(): Promise<string>;
  reset(): Promise<void>;
}

/** Sends `r` to `target`; the status. */
async function send(
  target: Target,
  session: string,
  r: FuzzRequest,
): Promise<{ status: number; label: string; body: string }> {
  let i = 0;
  const path = r.route.path.replace(/:\w+/g, () => r.params[i++] ?? "x");
  const query = r.query ? `?${new URLSearchParams(r.query)}` : "";
  const headers: Record<string, string> = {};
  if (r.contentType) headers["Content-Type"] = r.contentType;
  if (r.csrf) headers["X-CSRF-Token"] = "-.-";
  if (r.secret) headers["x-emulator-secret"] = target.secret;
  if (r.origin) headers.Origin = r.origin === "own" ? new URL(target.url).origin : r.origin;
  if (r.site) headers["Sec-Fetch-Site"] = r.site;
  if (r.cookie) headers.Cookie = r.cookie === "session" ? session : r.cookie;
  const method = r.method ?? r.route.method;
  const answer = await raw(target.url, {
    method,
    path: (r.randomPath || path) + query,
    headers,
    ...(r.body !== undefined && method !== "GET" && method !== "HEAD" && { body: r.body }),
  });
  return { status: answer.status, label: `${method} ${path}${query}`.slice(0, 300), body: answer.body.slice(0, 300) };
}

/**
 * Every route with each corpus entry in each place a request carries text: every path parameter, a query value of
 * each name the routes read, every JSON field the routes read and the same as a form. None may be a 500; NUL and
 * unpaired surrogates that reach a route are the 400 `invalid_character`.
 */
async function corpusSweep(target: Target): Promise<void> {
  const session = await target.session();
  const fields = ["email", "password", "name", "org_id", "user_id", "role", "code", "token", "username", "first_name"];
  const queries = ["to", "q", "org_id", "rt", "token", "id", "email"];
  const failures: string[] = [];
  let refused = 0;
  // Each entry's four places are built once (encoding 50 KB for ten form fields is costly) and sent to every route.
  const placesOf = (text: string): Partial<FuzzRequest>[] => {
    const jsonBody = JSON.stringify(Object.fromEntries(fields.map((f) => [f, text])));
    const formText = encoded(text);
    const formBody = fields.map((f) => `${f}=${formText}`).join("&");
    const pathText = encoded(text.slice(0, 1_000));
    const x = ["x", "x", "x", "x"];
    return [
      // a path and query stay under Node's 16 KB header limit (a longer one is Node's 431 and a closed socket)
      { params: [pathText, pathText, pathText, pathText] },
      { params: x, query: Object.fromEntries(queries.map((q) => [q, text.slice(0, 1_000)])) },
      { params: x, body: jsonBody, contentType: "application/json" as const },
      { params: x, body: formBody, contentType: "application/x-www-form-urlencoded" as const },
    ];
  };
  const corpusPlaces = Object.entries(CORPUS).map(([name, text]) => [name, placesOf(text)] as const);
  const variantsOf = (route: (typeof routes)[number], places: Partial<FuzzRequest>[]): FuzzRequest[] =>
    places.map((part) => ({
      route,
      method: undefined,
      params: [],
      query: undefined,
      body: undefined,
      contentType: undefined,
      csrf: true,
      secret: true,
      origin: undefined,
      site: undefined,
      cookie: "session",
      randomPath: undefined,
      ...part,
    }));
  for (const route of routes) {
    for (const [name, places] of corpusPlaces) {
      const answers = await Promise.all(variantsOf(route, places).map((variant) => send(target, session, variant)));
      for (const answer of answers) {
        if (answer.status >= 500) failures.push(`${name}: ${answer.label} → ${answer.status} ${answer.body}`);
        if (answer.body.includes('"invalid_character"')) refused++;
      }
    }
  }
  expect(failures).toEqual([]);
  expect(refused).toBeGreaterThan(0);
}

/** The seeded random run against `target`. */
async function randomRun(target: Target): Promise<void> {
  const session = await target.session();
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const answer = await send(target, session, r);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      expect(answer.status, `${answer.label}: ${answer.body}`).toBeLessThan(500);
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  expect((await raw(target.url, { path: "/login" })).status).toBe(200);
  await target.reset();
  expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
}

describe("on PGlite", () => {
  const target: Target = {
    get url() {
      return emu.url;
    },
    get secret() {
      return emu.secret;
    },
    session: async () => (await emu.login(ADA)).cookie ?? "",
    reset: () => emu.running.reset(),
  };
  it(
    "answers the named corpus (NUL, unpaired surrogates, over-long values) in every place without a 500",
    () => corpusSweep(target),
    600_000,
  );
  it(`answers no request with a 500 and keeps serving (fast-check seed ${SEED}, ${RUNS} runs over ${routes.length} routes)`, async () => {
    await randomRun(target);
    expect((await emu.login(ADA)).status).toBe(200);
  }, 600_000);
});

describe.skipIf(!stageHasPostgres())("on PostgreSQL", () => {
  let running: RunningEmulator;
  beforeAll(async () => {
    running = await startEmulator({ seed: demoSeed, connectionString: await freshDatabase("emulator_fuzz") });
  }, 120_000);
  afterAll(() => running?.stop());
  const login = async () => {
    const answer = await raw(running.url, {
      method: "POST",
      path: "/api/fe/v3/login",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
      body: JSON.stringify({ email: ADA, password: DEMO_PASSWORD }),
    });
    return [answer.headers["set-cookie"] ?? []].flat()[0]?.split(";")[0] ?? "";
  };
  const target: Target = {
    get url() {
      return running.url;
    },
    get secret() {
      return running.secret;
    },
    session: login,
    reset: () => running.reset(),
  };
  it("answers the named corpus in every place without a 500", async () => {
    await running.reset();
    await corpusSweep(target);
  }, 600_000);
  it(`answers no request with a 500 (fast-check seed ${SEED}, ${RUNS} runs)`, async () => {
    await running.reset();
    await randomRun(target);
    expect(await login()).not.toBe("");
  }, 600_000);
});
