/**
 * Server read (part of `npm run bench`): what a server component pays to know the user. orgauth/server's
 * `readSession` (the access token from the request's cookie, verified locally with the verifier key, the user
 * built from its claims) against jose's bare `jwtVerify` of the same token (the floor), and against the recipe
 * this replaces: `refreshToken` with the visitor's forwarded cookie, one request to the auth host (here the emulator
 * on 127.0.0.1, so the network part is the least it can be). Contenders interleaved in rounds; medians with spread.
 */
import { randomUUID } from "node:crypto";
import { importSPKI, jwtVerify } from "jose";
import { createServerAuth } from "../src/server/index.js";
import { createEmulator } from "../src/emulator/index.js";
import { login, refreshToken } from "../src/generated/operations.js";
import { createCookieFetch } from "../src/testing/index.js";
import { createTransport } from "../src/transport/index.js";
import { median } from "./spread.js";

const ROUNDS = 7;
const ROUND_MS = 300;
const PASSWORD = "correct horse battery staple";

/** Milliseconds per call of `run` over about `ms` milliseconds (sequential, awaited). */
async function msPerCall(run: () => Promise<unknown>, ms: number): Promise<number> {
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < ms) {
    for (let i = 0; i < 20; i++) await run();
    count += 20;
  }
  return (performance.now() - started) / count;
}

/** Runs the server-read comparison and prints it. */
export async function runServerRead(): Promise<void> {
  const emulator = await createEmulator({
    seed: {
      users: [{ email: "ada@bench.example", password: PASSWORD }],
      orgs: [{ id: randomUUID(), name: "Bench", members: [{ email: "ada@bench.example", role: "Owner" }] }],
    },
  });
  try {
    const cookieFetch = createCookieFetch();
    const transport = createTransport({ authUrl: emulator.url, fetch: cookieFetch });
    await login(transport, { body: { email: "ada@bench.example", password: PASSWORD } });
    const { access_token: token } = await refreshToken(transport);
    const { verifierKey, issuer } = emulator.tokenVerification;
    const auth = createServerAuth({
      authUrl: emulator.url,
      apiKey: "unused-by-reads",
      verifierKey,
      redirectUri: "http://127.0.0.1:3000/api/auth/callback",
    });
    const request = new Request("http://127.0.0.1:3000/dashboard", { headers: { cookie: `__pa_at=${token}` } });
    const key = await importSPKI(verifierKey, "RS256");
    if (!(await auth.readSession(request))) throw new Error("readSession did not read the emulator's token");
    const contenders: Record<string, () => Promise<unknown>> = {
      "jose jwtVerify alone (the floor)": () => jwtVerify(token, key, { issuer, algorithms: ["RS256"] }),
      "orgauth/server readSession (cookie, local verification)": () => auth.readSession(request),
      "refreshToken with the forwarded cookie (one request to the auth host)": () => refreshToken(transport),
    };
    const samples = new Map<string, number[]>(Object.keys(contenders).map((name) => [name, []]));
    for (const run of Object.values(contenders)) await msPerCall(run, ROUND_MS / 3); // warm up
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of Object.entries(contenders)) samples.get(name)!.push(await msPerCall(run, ROUND_MS));
    }
    console.log(`Server read: what a server component pays to know the user (median of ${ROUNDS} interleaved rounds)`);
    for (const [name, values] of samples) {
      const spread = `${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)}`;
      console.log(`  ${name}: ${median(values).toFixed(3)} ms per read (${spread})`);
    }
  } finally {
    await emulator.stop();
  }
}
