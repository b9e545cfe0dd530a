/**
 * Object-prototype names (`constructor`, `__proto__`, `toString` …) as ids, query names, field names and values in
 * every place a request carries text: no answer is a 500, and no refresh signs a token for an org the user is not in.
 */
import { describe, expect, it } from "vitest";
import type { EmulatorContext } from "../../src/emulator/store/context.js";
import { createRouter } from "../../src/emulator/server.js";
import { PROTOTYPE_NAMES } from "../support/prototype-names.js";
import { ADA, feHeaders, raw, useEmulator } from "./harness.js";

const emu = useEmulator();
const routes = createRouter(
  {} as EmulatorContext,
  { reset: async () => undefined, seed: async () => undefined, exportSeed: async () => ({}) },
  "unused",
).list();

/** The integration API key the emulator prints in its banner. */
const apiKey = (): string => emu.running.apiKey;

/** A server-side session's refresh token for Ada, through the authorize navigation and the code exchange. */
async function ssrRefreshToken(): Promise<string> {
  const { cookie } = await emu.login(ADA);
  const redirectUri = "http://localhost:3000/api/auth/callback";
  const sent = await raw(emu.url, {
    path: `/propelauth/ssr/authorize?${new URLSearchParams({ redirect_uri: redirectUri, state: "st" })}`,
    headers: { Cookie: cookie ?? "" },
  });
  const code = new URL(String(sent.headers.location)).searchParams.get("code");
  const answer = await raw(emu.url, {
    method: "POST",
    path: "/propelauth/ssr/token",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${apiKey()}` },
    body: JSON.stringify({ redirect_uri: redirectUri, code }),
  });
  return (JSON.parse(answer.body) as { refresh_token: string }).refresh_token;
}

describe("object-prototype names", () => {
  it("as active_org_id of the front-end refresh: a 4xx and no token, never a 500", async () => {
    const { cookie } = await emu.login(ADA);
    const answers = await Promise.all(
      PROTOTYPE_NAMES.map(async (name) => {
        const query = new URLSearchParams({ with_active_org_support: "true", active_org_id: name });
        const answer = await raw(emu.url, {
          path: `/api/v1/refresh_token?${query}`,
          headers: { Cookie: cookie ?? "" },
        });
        return `${name} → ${answer.status}${answer.body.includes("access_token") ? " with a token" : ""}`;
      }),
    );
    expect(answers).toEqual(PROTOTYPE_NAMES.map((name) => expect.stringMatching(new RegExp(`^${name} → 4\\d\\d$`))));
  });

  it("as active_org_id of the backend refresh: a 4xx and no token, never a 500", async () => {
    const answers: string[] = [];
    for (const name of PROTOTYPE_NAMES) {
      const query = new URLSearchParams({ with_active_org_support: "true", active_org_id: name });
      const answer = await raw(emu.url, {
        method: "POST",
        path: `/api/backend/v1/refresh_token?${query}`,
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${apiKey()}` },
        body: JSON.stringify({ refresh_token: await ssrRefreshToken() }),
      });
      answers.push(`${name} → ${answer.status}${answer.body.includes("access_token") ? " with a token" : ""}`);
    }
    expect(answers).toEqual(PROTOTYPE_NAMES.map((name) => expect.stringMatching(new RegExp(`^${name} → 4\\d\\d$`))));
  });

  it("in every path parameter, query name and value, JSON and form field of every route: no 500", async () => {
    const { cookie } = await emu.login(ADA);
    const failures: string[] = [];
    const fields = ["email", "password", "name", "org_id", "user_id", "role", "code", "token", "expiration", "rt"];
    for (const route of routes) {
      for (const name of PROTOTYPE_NAMES) {
        const path = route.path.replace(/:\w+/g, encodeURIComponent(name));
        const query = `?${name}=1&sort_by=${name}&org_id=${name}&active_org_id=${name}&with_active_org_support=true`;
        const json = JSON.stringify({ ...Object.fromEntries(fields.map((f) => [f, name])), [name]: name });
        const form = [...fields, name].map((f) => `${f}=${encodeURIComponent(name)}`).join("&");
        const headers = { ...feHeaders, Cookie: `${cookie ?? ""}; ${name}=1`, "x-emulator-secret": emu.secret };
        const variants = [
          { body: json, headers },
          { body: form, headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" } },
        ];
        for (const variant of variants) {
          const answer = await raw(emu.url, { method: route.method, path: path + query, ...variant });
          if (answer.status >= 500) failures.push(`${route.method} ${path}${query} → ${answer.status} ${answer.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
