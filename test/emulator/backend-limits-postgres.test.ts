import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, stopProcess } from "../../scripts/lib/prism.js";
import { DEMO_IDS } from "../../src/emulator/index.js";
import {
  createDatabase,
  findPostgresBin,
  type PostgresCluster,
  startPostgresCluster,
} from "../support/postgres-cluster.js";
import { runCli } from "./run-cli.js";
import { FrontEnd } from "./vendor-backend.js";

/**
 * An org's max_users holds across two emulator processes on one PostgreSQL database: 20 calls at once, split between
 * the processes, on each path that adds someone (the backend's add_user, the browser's join_org by domain and its
 * invite_user) leave exactly max_users people (members plus pending invitations), the other calls refused.
 */
const bin = findPostgresBin();
const API_KEY = "race-test-integration-key";
const PASSWORD = "race-password-1";
const RUNS = 20;
const LIMIT = 3;

if (bin === null) {
  describe.skip("max_users across processes (skipped: no PostgreSQL binaries — set PG_BIN)", () => {
    it("holds", () => undefined);
  });
} else {
  let cluster: PostgresCluster;
  let urls: string[] = [];
  const processes: ReturnType<typeof runCli>[] = [];
  const userIds: string[] = [];
  /** A backend call with the integration API key to process `at` (0 or 1). */
  const backend = async (at: number, method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${urls[at]}/api/backend/v1${path}`, {
      method,
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${API_KEY}`,
        "X-Propelauth-url": "localhost",
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
  };
  const newOrg = async (name: string, extra: Record<string, unknown> = {}) =>
    (await backend(0, "POST", "/org/", { name, max_users: LIMIT, ...extra })).json.org_id as string;
  const memberCount = async (orgId: string) =>
    (await backend(1, "GET", `/user/org/${orgId}?page_size=100`)).json.total_users as number;

  beforeAll(async () => {
    cluster = await startPostgresCluster(bin);
    const database = await createDatabase(cluster.url, "emulator_limits");
    const ports = [await freePort(), await freePort()];
    urls = ports.map((port) => `http://127.0.0.1:${port}`);
    for (const port of ports)
      processes.push(runCli(["--port", String(port), "--database", database, "--api-key", API_KEY, "--quiet"]));
    await Promise.all(processes.map((p) => p.printed(/Press Ctrl-C/)));
    for (let i = 0; i < RUNS; i++) {
      const email = `racer${i}@race.example`;
      const created = await backend(i % 2, "POST", "/user/", { email, password: PASSWORD, email_confirmed: true });
      userIds.push(created.json.user_id as string);
    }
  }, 240_000);
  afterAll(async () => {
    for (const p of processes) await stopProcess(p.child);
    await cluster?.stop();
  });

  describe("max_users across two processes on one PostgreSQL database", () => {
    it("the backend's add_user: 20 at once leave exactly 3 members", async () => {
      const orgId = await newOrg("Backend race");
      const answers = await Promise.all(
        userIds.map((userId, i) =>
          backend(i % 2, "POST", "/org/add_user", { user_id: userId, org_id: orgId, role: "Member" }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMIT);
      expect(answers.filter((a) => a.status === 400 && Object.hasOwn(a.json, "org_id"))).toHaveLength(RUNS - LIMIT);
      expect(await memberCount(orgId)).toBe(LIMIT);
    });

    it("join_org by e-mail domain: 20 at once leave exactly 3 members", async () => {
      const orgId = await newOrg("Domain race", { domain: "race.example", enable_auto_joining_by_domain: true });
      const browsers = await Promise.all(
        userIds.map((_, i) => FrontEnd.login(urls[i % 2]!, `racer${i}@race.example`, PASSWORD)),
      );
      const answers = await Promise.all(browsers.map((b) => b.call(`/api/fe/v3/join_org/${orgId}`, "POST")));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMIT);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(RUNS - LIMIT);
      expect(await memberCount(orgId)).toBe(LIMIT);
    });

    it("invite_user from the browser: 20 at once leave the owner plus 2 pending invitations", async () => {
      const orgId = await newOrg("Invite race");
      await backend(0, "POST", "/org/add_user", { user_id: DEMO_IDS.ada, org_id: orgId, role: "Owner" });
      const owners = [
        await FrontEnd.login(urls[0]!, "ada@acme.example"),
        await FrontEnd.login(urls[1]!, "ada@acme.example"),
      ];
      const answers = await Promise.all(
        Array.from({ length: RUNS }, (_, i) =>
          owners[i % 2]!.call("/api/fe/v3/invite_user", "POST", {
            org_id: orgId,
            email: `guest${i}@else.example`,
            role: "Member",
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 204)).toHaveLength(LIMIT - 1);
      const pending = await backend(1, "GET", `/pending_org_invites?org_id=${orgId}`);
      expect(pending.json.total_invites).toBe(LIMIT - 1);
      expect(await memberCount(orgId)).toBe(1);
    });
  });
}
