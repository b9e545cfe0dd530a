import { expect, it } from "vitest";
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from "../../src/emulator/http/json-limits.js";
import { ADA, feHeaders, raw, rawLine, useEmulator } from "./harness.js";

/**
 * Malformed requests are the client's mistake: bad escapes in paths and cookies, request targets that are not paths,
 * bodies too large or nested too deeply. Each gets a 4xx with the contract's error body, nothing is stored, and the
 * server keeps answering.
 */
const emu = useEmulator();

const nested = (depth: number): string => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const deepProperties = (depth: number): string => `{"properties":{"a":${nested(depth)}}}`;

async function stillServes(): Promise<void> {
  expect((await raw(emu.url, { path: "/login" })).status).toBe(200);
  expect((await emu.login(ADA)).status).toBe(200);
}

it("answers 404 for malformed escapes in a path, never 500", async () => {
  const { cookie } = await emu.login(ADA);
  for (const path of [
    "/%ZZ/login",
    "/api/fe/v3/org_membership/%ZZ/members",
    "/api/fe/v3/org/%E0%A4%A/info",
    "/__emulator/users/%",
    "/%",
  ]) {
    const answer = await raw(emu.url, {
      method: path.includes("__emulator") ? "PATCH" : "GET",
      path,
      headers: { ...feHeaders, Cookie: cookie!, "x-emulator-secret": emu.secret },
      ...(path.includes("__emulator") && { body: "{}" }),
    });
    expect(answer.status, path).toBe(404);
    expect(JSON.parse(answer.body).error_code).toBe("not_found");
  }
  await stillServes();
});

it("ignores a cookie with a malformed escape instead of failing", async () => {
  const answer = await raw(emu.url, { path: "/api/v1/refresh_token", headers: { Cookie: "__session=%E0%A4%A; x=%" } });
  expect(answer.status).toBe(401);
  await stillServes();
});

it("answers 400 for a request target that is not a path", async () => {
  const port = new URL(emu.url).port;
  expect(await rawLine(emu.url, `GET http://[ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)).toBe(400);
  // "//?…" reads as an address with no host: it was once thrown on before any handler ran, and never answered
  expect((await raw(emu.url, { method: "POST", path: "//?token=T" })).status).toBe(400);
  await stillServes();
});

it("refuses JSON nested deeper than the limit with a clear 400, on signup and update_metadata, and stores nothing", async () => {
  for (const depth of [MAX_JSON_DEPTH + 1, 10_000, 150_000]) {
    const body = `{"email":"deep${depth}@example.com","password":"long-enough-1",${deepProperties(depth).slice(1)}`;
    const signup = await raw(emu.url, { method: "POST", path: "/api/fe/v3/signup", headers: feHeaders, body });
    expect(signup.status, `depth ${depth}`).toBe(400);
    expect(JSON.parse(signup.body)).toEqual({
      error_code: "bad_request",
      user_facing_error: `The request body nests objects or arrays over ${MAX_JSON_DEPTH} levels deep`,
    });
    expect((await emu.login(`deep${depth}@example.com`, "long-enough-1")).status).toBe(404);
  }
  const { cookie } = await emu.login(ADA);
  const update = await raw(emu.url, {
    method: "POST",
    path: "/api/fe/v3/update_metadata",
    headers: { ...feHeaders, Cookie: cookie! },
    body: deepProperties(10_000),
  });
  expect(update.status).toBe(400);
  const me = await raw(emu.url, { path: "/api/v1/refresh_token", headers: { Cookie: cookie! } });
  expect(me.body).not.toContain("[[[");
  await stillServes();
});

it("accepts JSON nested up to the limit (brackets inside strings do not count)", async () => {
  const { cookie } = await emu.login(ADA);
  const properties = `{"deep":${nested(MAX_JSON_DEPTH - 2)},"text":"${"[".repeat(500)}"}`;
  const update = await raw(emu.url, {
    method: "POST",
    path: "/api/fe/v3/update_metadata",
    headers: { ...feHeaders, Cookie: cookie! },
    body: `{"properties":${properties}}`,
  });
  expect(update.status).toBe(204);
});

it("refuses a body over the size limit with 413, declared or streamed, and the client gets the answer", async () => {
  const big = JSON.stringify({
    email: "big@example.com",
    password: "long-enough-1",
    first_name: "x".repeat(MAX_BODY_BYTES),
  });
  const declared = await raw(emu.url, { method: "POST", path: "/api/fe/v3/signup", headers: feHeaders, body: big });
  expect(declared.status).toBe(413);
  expect(JSON.parse(declared.body).error_code).toBe("request_too_large");
  const streamed = await raw(emu.url, {
    method: "POST",
    path: "/api/fe/v3/signup",
    headers: { ...feHeaders, "Transfer-Encoding": "chunked" },
    body: big,
  });
  expect(streamed.status).toBe(413);
  expect((await emu.login("big@example.com", "long-enough-1")).status).toBe(404);
  await stillServes();
});
