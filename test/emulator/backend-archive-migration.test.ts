import { rmSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/prism.js";
import { openEmulatorDatabase } from "../../src/emulator/db/sql.js";
import { DEMO_IDS, demoSeed, startEmulator } from "../../src/emulator/index.js";
import { freshDataDir } from "../support/fresh-data-dir.js";

/**
 * A data directory written before API keys could be archived (no `archived_at`, no user metadata, no org extras, no magic links)
 * opens on this emulator: the columns are added, its keys are current, and deleting one through the backend API
 * archives it.
 */
const dataDir = freshDataDir("orgauth-archive-");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const backend = (url: string, apiKey: string, path: string, method = "GET") =>
  fetch(`${url}/api/backend/v1/end_user_api_keys${path}`, { method, headers: { Authorization: `Bearer ${apiKey}` } });

it("migrates a data directory of the old schema: its keys stay current, a deleted one is archived", async () => {
  const port = await freePort();
  const first = await startEmulator({ seed: demoSeed, dataDir, port });
  const created = await fetch(`${first.url}/__emulator/api_keys`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "x-emulator-secret": first.secret },
    body: JSON.stringify({ userId: DEMO_IDS.ada, displayName: "old" }),
  });
  const { apiKeyId } = (await created.json()) as { apiKeyId: string };
  await first.stop();

  const old = await openEmulatorDatabase({ dataDir });
  await old.db.query("alter table emu_api_keys drop column archived_at");
  await old.db.query("alter table emu_profiles drop column metadata");
  await old.db.query("alter table emu_orgs drop column extras");
  await old.db.query("drop table emu_magic_links");
  await old.close();

  const second = await startEmulator({ seed: demoSeed, dataDir, port });
  try {
    const current = (await (await backend(second.url, second.apiKey, `?user_id=${DEMO_IDS.ada}`)).json()) as {
      api_keys: { api_key_id: string }[];
    };
    expect(current.api_keys.map((k) => k.api_key_id)).toEqual([apiKeyId]);
    expect((await backend(second.url, second.apiKey, `/${apiKeyId}`, "DELETE")).status).toBe(200);
    const archived = (await (await backend(second.url, second.apiKey, "/archived")).json()) as {
      api_keys: { api_key_id: string }[];
    };
    expect(archived.api_keys.map((k) => k.api_key_id)).toEqual([apiKeyId]);
    const user = await fetch(`${second.url}/api/backend/v1/user/${DEMO_IDS.ada}`, {
      headers: { Authorization: `Bearer ${second.apiKey}` },
    });
    expect(((await user.json()) as { metadata: unknown }).metadata).toEqual({});
    const link = await fetch(`${second.url}/api/backend/v1/magic_link`, {
      method: "POST",
      headers: { Authorization: `Bearer ${second.apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "ada@acme.example" }),
    });
    expect(((await link.json()) as { url: string }).url).toContain("/magic_link?t=");
  } finally {
    await second.stop();
  }
});
