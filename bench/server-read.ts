/**
 * Server read (part of `npm run bench`): what a server component pays to know the user, with orgauth as an app
 * installs it (the packed tarball). orgauth/server's `readSession` (the access token from the request's cookie,
 * verified locally with the verifier key, the user built from its claims) and its `verifyAccessToken` (the same
 * without the cookie) against `@propelauth/nextjs`'s `validateAccessToken` (what its `getUser` runs on the cookie's
 * token), jose's bare `jwtVerify` of the same token (the floor), and the recipe this replaces: `refreshToken` with
 * the visitor's forwarded cookie, one request to the auth host (here the emulator on 127.0.0.1, so the network part
 * is the least it can be). Then a signed-in page view's auth work as a Next.js app runs it: orgauth's request handler
 * (the middleware) and one read of the forwarded token (the layout and the page share it), against the provider
 * library's two verifications (its middleware and the page's `getUserOrRedirect`). Contenders interleaved in
 * rounds; medians and ratios with their spread over the rounds.
 */
import { randomUUID } from "node:crypto";
import { importSPKI, jwtVerify } from "jose";
import { createPackedApp } from "../scripts/lib/packed-app.js";
import { createEmulator } from "../src/emulator/index.js";
import { importPacked } from "./packed-entry.js";
import { median, ratioWithSpread } from "./spread.js";

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
  const app = createPackedApp();
  const emulator = await createEmulator({
    seed: {
      users: [{ email: "ada@bench.example", password: PASSWORD }],
      orgs: [{ id: randomUUID(), name: "Bench", members: [{ email: "ada@bench.example", role: "Owner" }] }],
    },
  });
  try {
    const orgauth = await importPacked<typeof import("../src/index.js")>(app.dir, "index.js");
    const testing = await importPacked<typeof import("../src/testing/index.js")>(app.dir, "testing.js");
    const server = await importPacked<typeof import("../src/server/index.js")>(app.dir, "server.js");
    const transport = orgauth.createTransport({ authUrl: emulator.url, fetch: testing.createCookieFetch() });
    await orgauth.login(transport, { body: { email: "ada@bench.example", password: PASSWORD } });
    const { access_token: token } = await orgauth.refreshToken(transport);
    const { verifierKey, issuer } = emulator.tokenVerification;
    const auth = server.createServerAuth({
      authUrl: emulator.url,
      apiKey: emulator.apiKey,
      verifierKey,
      redirectUri: "http://127.0.0.1:3000/api/auth/callback",
    });
    // the provider's library reads its configuration from the environment (its README's names)
    process.env.NEXT_PUBLIC_AUTH_URL = emulator.url;
    process.env.PROPELAUTH_API_KEY = emulator.apiKey;
    process.env.PROPELAUTH_VERIFIER_KEY = verifierKey;
    const vendor = await import("@propelauth/nextjs/server");
    const request = new Request("http://127.0.0.1:3000/dashboard", { headers: { cookie: `__pa_at=${token}` } });
    const key = await importSPKI(verifierKey, "RS256");
    if (!(await auth.readSession(request))) throw new Error("readSession did not read the emulator's token");
    if ((await vendor.validateAccessToken(token)).email !== "ada@bench.example") throw new Error("vendor read failed");
    const contenders = {
      floor: ["jose jwtVerify alone (the floor)", () => jwtVerify(token, key, { issuer, algorithms: ["RS256"] })],
      readSession: ["orgauth/server readSession (cookie, local verification)", () => auth.readSession(request)],
      verify: ["orgauth/server verifyAccessToken (the token alone)", () => auth.verifyAccessToken(token)],
      vendor: ["@propelauth/nextjs validateAccessToken (the token alone)", () => vendor.validateAccessToken(token)],
      pageView: [
        "orgauth/server page view (handleRequest, then readSession of its forwarded token)",
        async () => {
          const update = await auth.handleRequest(request);
          return auth.readSession(new Request("http://127.0.0.1:3000/dashboard", { headers: update.requestHeaders }));
        },
      ],
      vendorPageView: [
        "@propelauth/nextjs page view (validateAccessToken in the middleware and in the page)",
        async () => [await vendor.validateAccessToken(token), await vendor.validateAccessToken(token)],
      ],
      remote: [
        "refreshToken with the forwarded cookie (one request to the auth host)",
        () => orgauth.refreshToken(transport),
      ],
    } satisfies Record<string, [string, () => Promise<unknown>]>;
    type Name = keyof typeof contenders;
    const samples = Object.fromEntries(Object.keys(contenders).map((name) => [name, [] as number[]])) as Record<
      Name,
      number[]
    >;
    for (const [, run] of Object.values(contenders)) await msPerCall(run, ROUND_MS / 3); // warm up
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, [, run]] of Object.entries(contenders))
        samples[name as Name].push(await msPerCall(run, ROUND_MS));
    }
    console.log(`Server read: what a server component pays to know the user (median of ${ROUNDS} interleaved rounds)`);
    for (const [name, [label]] of Object.entries(contenders)) {
      const values = samples[name as Name];
      const spread = `${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)}`;
      console.log(`  ${label}: ${median(values).toFixed(3)} ms per read (${spread})`);
    }
    console.log(`  verifyAccessToken / @propelauth/nextjs: ${ratioWithSpread(samples.verify, samples.vendor)}`);
    console.log(`  readSession / @propelauth/nextjs: ${ratioWithSpread(samples.readSession, samples.vendor)}`);
    console.log(`  readSession / jwtVerify floor: ${ratioWithSpread(samples.readSession, samples.floor)}`);
    console.log(`  page view / @propelauth/nextjs: ${ratioWithSpread(samples.pageView, samples.vendorPageView)}`);
  } finally {
    await emulator.stop();
    app.remove();
  }
}
