import { expect } from "vitest";
import * as api from "../../../src/generated/operations.js";
import { admin, loggedIn } from "../harness.js";
import type { Case } from "./case.js";
import { DEMO_IDS } from "../../../src/emulator/seeds/demo-seed.js";

const as = async (email: string) => (await loggedIn(email)).t;
const personalKey = async (t: Awaited<ReturnType<typeof as>>, name = "Laptop") =>
  (await api.createApiKey(t, { body: { display_name: name, expiration_option: "OneMonth" } })).api_key_id;

/** Personal and organisation API keys. */
export const apiKeyCases: Case[] = [
  {
    op: "listPersonalApiKeys",
    status: 200,
    rule: "the user's own keys, searched, sorted and paged",
    async run() {
      const t = await as("ada@acme.example");
      await personalKey(t, "Laptop CLI");
      await personalKey(t, "CLI runner");
      await personalKey(t, "Deploy");
      const page = await api.listPersonalApiKeys(t, {
        query: { api_key_search: "Cli", sort_by: "CreatedAtDesc", page_size: 1, page_number: 0 },
      });
      expect(page).toMatchObject({
        total_api_keys: 2,
        has_more_results: true,
        api_keys: [{ display_name: "CLI runner" }],
      });
      expect((await api.listPersonalApiKeys(await as("grace@acme.example"))).api_keys).toEqual([]);
    },
  },
  {
    op: "listPersonalApiKeys",
    status: 400,
    code: "invalid_request_fields",
    rule: "page_size over 100",
    run: async () => api.listPersonalApiKeys(await as("ada@acme.example"), { query: { page_size: 101 } }),
  },
  {
    op: "listOrgApiKeys",
    status: 200,
    rule: "the org's keys, for a member with can_manage_api_keys",
    async run() {
      const t = await as("ada@acme.example");
      await api.createApiKey(t, { body: { org_id: DEMO_IDS.acme, display_name: "Deploy" } });
      expect(
        (await api.listOrgApiKeys(t, { query: { org_id: DEMO_IDS.acme } })).api_keys.map((k) => k.display_name),
      ).toEqual(["Deploy"]);
    },
  },
  {
    op: "listOrgApiKeys",
    status: 400,
    code: "invalid_request_fields",
    rule: "page_size over 100",
    run: async () =>
      api.listOrgApiKeys(await as("ada@acme.example"), { query: { org_id: DEMO_IDS.acme, page_size: 101 } }),
  },
  {
    op: "listOrgApiKeys",
    status: 403,
    code: "action_forbidden",
    rule: "the user's role lacks can_manage_api_keys",
    run: async () => api.listOrgApiKeys(await as("alan@acme.example"), { query: { org_id: DEMO_IDS.acme } }),
  },
  {
    op: "listOrgApiKeys",
    status: 404,
    code: "org_not_found",
    rule: "no such org",
    run: async () => api.listOrgApiKeys(await as("ada@acme.example"), { query: { org_id: "org_nope" } }),
  },
  {
    op: "createApiKey",
    status: 200,
    rule: "the token is shown once; only its hash is stored; the expiry follows the option",
    async run() {
      const t = await as("ada@acme.example");
      const created = await api.createApiKey(t, { body: { display_name: "Laptop", expiration_option: "TwoWeeks" } });
      expect(created.api_key_token).not.toContain(created.api_key_id); // nothing in the secret names the key
      const [key] = (await api.listPersonalApiKeys(t)).api_keys;
      expect(key!.expires_at_seconds! - key!.created_at).toBe(14 * 86_400);
      expect(JSON.stringify(key)).not.toContain(created.api_key_token);
    },
  },
  {
    op: "createApiKey",
    status: 400,
    code: "invalid_request_fields",
    rule: "display name over 64 characters",
    run: async () => api.createApiKey(await as("ada@acme.example"), { body: { display_name: "x".repeat(65) } }),
  },
  {
    op: "createApiKey",
    status: 400,
    code: "bad_request",
    rule: "an expiration option the project does not allow",
    run: async () => (
      await admin.configure({ apiKeyExpirationOptions: ["OneMonth"] }),
      api.createApiKey(await as("ada@acme.example"), { body: { expiration_option: "Never" } })
    ),
  },
  {
    op: "createApiKey",
    status: 403,
    code: "action_forbidden",
    rule: "an org key by a role without can_manage_api_keys",
    run: async () => api.createApiKey(await as("alan@acme.example"), { body: { org_id: DEMO_IDS.acme } }),
  },
  {
    op: "updateApiKey",
    status: 204,
    rule: "the owner renames the key",
    async run() {
      const t = await as("ada@acme.example");
      const id = await personalKey(t);
      await api.updateApiKey(t, { path: { apiKeyId: id }, body: { display_name: "Renamed" } });
      expect((await api.listPersonalApiKeys(t)).api_keys[0]?.display_name).toBe("Renamed");
    },
  },
  {
    op: "updateApiKey",
    status: 400,
    code: "invalid_request_fields",
    rule: "empty display name",
    run: async () => {
      const t = await as("ada@acme.example");
      return api.updateApiKey(t, { path: { apiKeyId: await personalKey(t) }, body: { display_name: "" } });
    },
  },
  {
    op: "updateApiKey",
    status: 403,
    code: "action_forbidden",
    rule: "someone else's personal key",
    run: async () => {
      const id = await personalKey(await as("ada@acme.example"));
      return api.updateApiKey(await as("grace@acme.example"), {
        path: { apiKeyId: id },
        body: { display_name: "Mine" },
      });
    },
  },
  {
    op: "updateApiKey",
    status: 404,
    code: "not_found",
    rule: "no such key",
    run: async () =>
      api.updateApiKey(await as("ada@acme.example"), { path: { apiKeyId: "nokey" }, body: { display_name: "x" } }),
  },
  {
    op: "deleteApiKey",
    status: 204,
    rule: "the key is gone",
    async run() {
      const t = await as("ada@acme.example");
      const id = await personalKey(t);
      await api.deleteApiKey(t, { path: { apiKeyId: id } });
      expect((await api.listPersonalApiKeys(t)).api_keys).toEqual([]);
    },
  },
  {
    op: "deleteApiKey",
    status: 403,
    code: "action_forbidden",
    rule: "someone else's personal key",
    run: async () => {
      const id = await personalKey(await as("ada@acme.example"));
      return api.deleteApiKey(await as("grace@acme.example"), { path: { apiKeyId: id } });
    },
  },
  {
    op: "deleteApiKey",
    status: 404,
    code: "not_found",
    rule: "no such key",
    run: async () => api.deleteApiKey(await as("ada@acme.example"), { path: { apiKeyId: "nokey" } }),
  },
];
