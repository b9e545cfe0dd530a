/**
 * `backendPages` on the stage's shared emulator: an org of 10,000 members (seeded in one admin call, through the
 * store) walked in pages of 100 by `for await` (docs/server.md's sample, backend-pages-sample.ts), every member once,
 * one call per page.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createBackendClient } from "../../src/server/index.js";
import { memberEmails } from "./backend-pages-sample.js";
import { adminApi, sharedEmulator } from "./vendor-backend.js";

const emulator = sharedEmulator();
const MEMBERS = 10_000;
const ORG_ID = "0b5e55ed-0000-4000-8000-000000010000";
const emailOf = (i: number) => `m${i}@p.example`;

beforeAll(async () => {
  await emulator.reset();
  const users = Array.from({ length: MEMBERS }, (_, i) => ({ email: emailOf(i) }));
  await adminApi(emulator)("/seed", "POST", {
    users,
    orgs: [{ id: ORG_ID, name: "Ten thousand", members: users.map(({ email }) => ({ email, role: "Member" })) }],
  });
}, 120_000);
afterAll(() => emulator.reset());

it("walks an org's 10,000 members in pages of 100, each member once, one call per page", async () => {
  const pageCalls: string[] = [];
  const backend = createBackendClient({
    authUrl: emulator.url,
    apiKey: emulator.apiKey,
    fetch: (input, init) => {
      pageCalls.push(new Request(input, init).url);
      return fetch(input, init);
    },
  });
  const emails = new Set(await memberEmails(backend, ORG_ID));
  expect(emails.size).toBe(MEMBERS);
  expect(emails.has(emailOf(0)) && emails.has(emailOf(MEMBERS - 1))).toBe(true);
  expect(pageCalls).toHaveLength(MEMBERS / 100);
  expect(new URL(pageCalls.at(-1)!).searchParams.get("page_number")).toBe("99");
}, 120_000);
