/**
 * A seeded property-based run over every emulator route (fast-check): arbitrary path parameters, query strings,
 * bodies (JSON of any shape, deep nesting, text, forms) and headers (content types, cookies, origins, the admin
 * secret). No answer may be a 500, the server must not crash, and it must still answer afterwards.
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import type { EmulatorContext } from "../../src/emulator/store/context.js";
import { createRouter } from "../../src/emulator/server.js";
import { ADA, raw, useEmulator } from "./harness.js";

const SEED = 1_818_018;
const RUNS = 600;

const emu = useEmulator();
const routes = createRouter(
  {} as EmulatorContext,
  { reset: async () => undefined, seed: async () => undefined, exportSeed: async () => ({}) },
  "unused",
).list();

const printable = fc.string({ unit: "grapheme-ascii", maxLength: 40 });
const segment = fc.oneof(
  fc.constantFrom("%ZZ", "%", "%E0%A4%A", "..", "%2F", "%00", "ada", "org_x", "usr_x", ""),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);
const deep = fc.integer({ min: 1, max: 3000 }).map((n) => "[".repeat(n) + "]".repeat(n));
const jsonBody = fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v) ?? "null");
const objectBody = fc
  .dictionary(
    fc.constantFrom(
      ...["email", "password", "name", "org_id", "user_id", "role", "properties", "code", "token", "x"],
      ...["roles", "lockAfterFailedLogins", "signup", "logoutRedirect", "requiredUserFields", "users", "orgs"],
    ),
    fc.jsonValue({ maxDepth: 4 }),
  )
  .map((v) => JSON.stringify(v));
const formBody = fc
  .dictionary(fc.constantFrom("email", "password", "rt", "name", "code", "backup_code", "t", "i"), printable)
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
    printable.map((s) => `__session=${s}`),
    printable,
  ),
  { nil: undefined },
);

const request = fc.record({
  route: fc.constantFrom(...routes),
  method: fc.option(fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"), { nil: undefined }),
  params: fc.array(segment, { minLength: 4, maxLength: 4 }),
  query: fc.option(fc.dictionary(fc.constantFrom("rt", "to", "page_size", "page_number", "token", "x"), printable), {
    nil: undefined,
  }),
  body,
  contentType,
  csrf: fc.boolean(),
  secret: fc.boolean(),
  origin,
  site,
  cookie,
  randomPath: fc.option(fc.webPath(), { freq: 8, nil: undefined }),
});

it(`answers no request with a 500 and keeps serving (fast-check seed ${SEED}, ${RUNS} runs over ${routes.length} routes)`, async () => {
  const session = (await emu.login(ADA)).cookie ?? "";
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      let i = 0;
      const path = r.route.path.replace(/:\w+/g, () => r.params[i++] ?? "x");
      const query = r.query ? `?${new URLSearchParams(r.query)}` : "";
      const headers: Record<string, string> = {};
      if (r.contentType) headers["Content-Type"] = r.contentType;
      if (r.csrf) headers["X-CSRF-Token"] = "-.-";
      if (r.secret) headers["x-emulator-secret"] = emu.secret;
      if (r.origin) headers.Origin = r.origin === "own" ? new URL(emu.url).origin : r.origin;
      if (r.site) headers["Sec-Fetch-Site"] = r.site;
      if (r.cookie) headers.Cookie = r.cookie === "session" ? session : r.cookie;
      const method = r.method ?? r.route.method;
      const answer = await raw(emu.url, {
        method,
        path: (r.randomPath || path) + query,
        headers,
        ...(r.body !== undefined && method !== "GET" && method !== "HEAD" && { body: r.body }),
      });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      expect(answer.status, `${method} ${path}${query}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  expect((await raw(emu.url, { path: "/login" })).status).toBe(200);
  await emu.running.reset();
  expect((await emu.login(ADA)).status).toBe(200);
  expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
}, 600_000);
