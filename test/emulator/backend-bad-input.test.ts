import { beforeAll, expect, it } from "vitest";
import { DEMO_IDS } from "../../src/emulator/index.js";
import { sharedEmulator } from "./vendor-backend.js";

/**
 * Bad input to the backend API, with the integration API key: each call is a typed 4xx (a field map, or an error
 * body with its code), never a 500, and changes nothing.
 */
const emulator = sharedEmulator();
beforeAll(() => emulator.reset());

const HUGE = 1e300;
const cases: [string, string, unknown?][] = [
  ["GET", "/user/query?page_size=1e400&order_by=__proto__"],
  ["GET", "/user/query?order_by=constructor"],
  ["GET", `/user/${DEMO_IDS.ada}?include_orgs=maybe`],
  ["GET", "/user/email"],
  ["POST", "/user/user_ids", { user_ids: [1, 2] }],
  ["POST", "/user/emails", { emails: Array.from({ length: 101 }, (_, i) => `u${i}@x.example`) }],
  ["POST", "/user/", { email: "not-an-email", password: "short" }],
  ["POST", "/user/", { email: ["a"] }],
  ["PUT", `/user/${DEMO_IDS.ada}`, { metadata: "nope", username: "a b" }],
  ["PUT", `/user/${DEMO_IDS.ada}/email`, { new_email: 42 }],
  ["POST", "/magic_link", { email: "ada@acme.example", expires_in_hours: 0, user_signup_query_parameters: { a: 1 } }],
  ["POST", "/magic_link", { email: "ada@acme.example", redirect_to_url: "javascript:alert(1)" }],
  [
    "POST",
    "/migrate_user/",
    {
      email: "z@x.example",
      existing_password_hash: `$argon2id$v=19$m=99999999,t=1,p=1$${"a".repeat(16)}$${"b".repeat(43)}`,
    },
  ],
  ["POST", "/migrate_user/", { email: "z@x.example", existing_password_hash: 42, properties: [] }],
  ["POST", "/migrate_user/password", { user_id: DEMO_IDS.ada, password_hash: "plain text" }],
  ["POST", "/org/", { name: "X", max_users: HUGE }],
  ["POST", "/org/", { name: "X", enable_auto_joining_by_domain: true }],
  ["PUT", `/org/${DEMO_IDS.acme}`, { max_users: 2 ** 40, require_2fa_by: "not a date" }],
  ["PUT", `/org/${DEMO_IDS.acme}`, { extra_domains: "x", password_rotation_period: -1 }],
  ["POST", "/org/query", { page_size: "lots", order_by: "__proto__" }],
  [
    "POST",
    "/org/add_user",
    { org_id: DEMO_IDS.acme, user_id: DEMO_IDS.newcomer, role: "Owner", additional_roles: "x" },
  ],
  ["POST", "/org/change_role", { org_id: "__proto__", user_id: DEMO_IDS.ada, role: "Owner" }],
  ["POST", "/invite_user", { org_id: DEMO_IDS.acme, email: "x@y.example", role: "toString" }],
  ["DELETE", "/pending_org_invites", { org_id: DEMO_IDS.acme }],
  ["POST", "/end_user_api_keys", { user_id: DEMO_IDS.ada, expires_at_seconds: HUGE }],
  ["POST", "/end_user_api_keys", { metadata: "{not json" }],
  ["PATCH", "/end_user_api_keys/0123456789abcdef0123456789abcdef", { metadata: [] }],
  ["POST", "/end_user_api_keys/validate", { api_key_token: { a: 1 } }],
  ["POST", "/access_token", { user_id: DEMO_IDS.ada, duration_in_minutes: HUGE }],
  ["POST", "/access_token", { user_id: DEMO_IDS.ada, duration_in_minutes: 5, active_org_id: "__proto__" }],
];

it("answers every bad call with a typed 4xx, never a 500", async () => {
  const before = await emulator.exportSeed();
  for (const [method, path, body] of cases) {
    const answer = await fetch(`${emulator.url}/api/backend/v1${path}`, {
      method,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${emulator.apiKey}` },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    expect(answer.status, `${method} ${path}: ${text}`).toBeGreaterThanOrEqual(400);
    expect(answer.status, `${method} ${path}: ${text}`).toBeLessThan(500);
    expect(typeof JSON.parse(text)).toBe("object");
  }
  expect(await emulator.exportSeed()).toEqual(before);
});
