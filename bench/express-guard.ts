/**
 * Express guard (part of `npm run bench`): per request, what orgauth/express's guard costs the server against
 * `@propelauth/express`'s, on the same token and the same route (`GET /orgs/:orgId/admin` behind the minimum-role
 * guard, both verifying locally with the verifier key), both apps on Express 4 in one server process
 * (bench/guards/servers.ts). Per round, each contender gets a batch of sequential keep-alive requests (the order
 * alternating between rounds); the server's CPU per request comes from its own `process.cpuUsage` read before and
 * after the batch, the wall time from the client. Medians and the ratio with its spread over the rounds.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import { repoRoot } from "../scripts/lib/repo-root.js";
import { createBackendEmulator } from "../src/emulator/index.js";
import { median, ratioWithSpread } from "./spread.js";

const ROUNDS = 9;
const BATCH = 300;
const ORG_ID = randomUUID();

/** Starts the server process; resolves it and its two ports. */
async function startServers(args: string[]): Promise<{ child: ChildProcess; ports: Record<string, number> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/guards/servers.ts", ...args], {
    cwd: repoRoot,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), "line")) as [string];
  return { child, ports: JSON.parse(line) as Record<string, number> };
}

/** The server's CPU microseconds so far (one unguarded request). */
async function serverCpu(port: number): Promise<number> {
  return ((await (await fetch(`http://127.0.0.1:${port}/cpu`)).json()) as { cpu: number }).cpu;
}

/** One batch against a contender: server CPU and client wall time per request, in microseconds. */
async function batch(port: number, token: string): Promise<{ cpu: number; wall: number }> {
  const url = `http://127.0.0.1:${port}/orgs/${ORG_ID}/admin`;
  const headers = { Authorization: `Bearer ${token}` };
  const cpuBefore = await serverCpu(port);
  const started = performance.now();
  for (let i = 0; i < BATCH; i++) {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    await response.arrayBuffer();
  }
  const wall = ((performance.now() - started) * 1000) / BATCH;
  return { cpu: ((await serverCpu(port)) - cpuBefore) / BATCH, wall };
}

/** Runs the comparison and prints it. */
export async function runExpressGuard(): Promise<void> {
  const emulator = await createBackendEmulator({
    seed: {
      users: [{ email: "ada@bench.example" }],
      orgs: [{ id: ORG_ID, name: "Bench", members: [{ email: "ada@bench.example", role: "Owner" }] }],
    },
  });
  const { child, ports } = await startServers([emulator.url, emulator.apiKey, emulator.tokenVerification.verifierKey]);
  try {
    const token = await emulator.accessToken({ email: "ada@bench.example" });
    for (const port of Object.values(ports)) await batch(port, token); // warm up both
    const results = { orgauth: [] as { cpu: number; wall: number }[], vendor: [] as { cpu: number; wall: number }[] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (["orgauth", "vendor"] as const) : (["vendor", "orgauth"] as const);
      for (const name of order) results[name].push(await batch(ports[name]!, token));
    }
    const cpu = (name: keyof typeof results) => results[name].map((result) => result.cpu);
    const wall = (name: keyof typeof results) => results[name].map((result) => result.wall);
    const us = (values: number[]) =>
      `${median(values).toFixed(0)} µs (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
    console.log(
      `express guard, per request (${ROUNDS} rounds of ${BATCH}; requireOrgMemberWithMinimumRole, Express 4):`,
    );
    console.log(`  server CPU: orgauth ${us(cpu("orgauth"))}, @propelauth/express ${us(cpu("vendor"))}`);
    console.log(`    ratio ${ratioWithSpread(cpu("orgauth"), cpu("vendor"))}`);
    console.log(`  wall: orgauth ${us(wall("orgauth"))}, @propelauth/express ${us(wall("vendor"))}`);
    console.log(`    ratio ${ratioWithSpread(wall("orgauth"), wall("vendor"))}`);
  } finally {
    child.stdin?.end();
    await emulator.stop();
  }
}
