/**
 * Session cookies (part of `npm run bench`, row `session-cookies`): the bytes a user in 1, 10, 50 and 200 orgs puts
 * in the browser's `Cookie` header and in the header the request handler forwards to the render, signed in through
 * `orgauth/server`'s handlers on the emulator. Beside them the provider's full user token (every membership) and what
 * the previous release did with it: chunks up to three cookies of 3,800 bytes, else not stored (renewed on each
 * request), and the full token forwarded either way.
 */
import { DEMO_PASSWORD } from "../src/emulator/index.js";
import { createEmulator } from "../src/emulator/index.js";
import { ACCESS_TOKEN_HEADER, createServerAuth, SESSION_COOKIES } from "../src/server/index.js";
import { createCookieFetch } from "../src/testing/index.js";
import { BrowserJar, locationOf } from "../test/support/browser-jar.js";

const COUNTS = [1, 10, 50, 200] as const;
const APP = "http://127.0.0.1:3999";
const orgId = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`;
const emailOf = (count: number) => `orgs-${count}@bench.example`;

/** What the previous release stored: the token in up to three chunks of 3,800 bytes, else only the refresh token. */
const previousCookieBytes = (token: number, refresh: number) =>
  (token <= 3 * 3800 ? token + Math.ceil(token / 3800) * 12 : 0) + refresh + 10;

/** Runs the session-cookie measurement and prints it. */
export async function runSessionCookies(): Promise<void> {
  const emulator = await createEmulator({
    seed: {
      users: COUNTS.map((count) => ({ email: emailOf(count), password: DEMO_PASSWORD })),
      orgs: Array.from({ length: Math.max(...COUNTS) }, (_, index) => ({
        id: orgId(index),
        name: `Bench Org ${index}`,
        members: COUNTS.filter((count) => index < count).map((count) => ({ email: emailOf(count), role: "Admin" })),
      })),
    },
  });
  let fullToken = 0;
  const auth = createServerAuth({
    authUrl: emulator.url,
    apiKey: emulator.apiKey,
    verifierKey: emulator.tokenVerification.verifierKey,
    redirectUri: `${APP}/api/auth/callback`,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).endsWith("/propelauth/ssr/token")) {
        fullToken = ((await response.clone().json()) as { access_token: string }).access_token.length;
      }
      return response;
    },
  });
  try {
    console.log("Session cookies (bytes; orgauth/server on the emulator; previous: chunks up to 3 × 3,800 B)");
    console.log("| orgs | full user token | previous: Cookie / forwarded | now: Cookie / forwarded | token now |");
    console.log("|---|---|---|---|---|");
    for (const count of COUNTS) {
      const authHost = createCookieFetch();
      await authHost(`${emulator.url}/api/fe/v3/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
        body: JSON.stringify({ email: emailOf(count), password: DEMO_PASSWORD }),
      });
      const jar = new BrowserJar();
      const authorize = locationOf(await jar.send(auth, `${APP}/api/auth/login`));
      await jar.send(auth, locationOf(await authHost(authorize)));
      const update = await auth.handleRequest(jar.request(`${APP}/page`));
      jar.take(update);
      const cookie = jar.header(`${APP}/`).length;
      const forwarded = update.requestHeaders.get(ACCESS_TOKEN_HEADER)?.length ?? 0;
      const refresh = jar.cookies.get(SESSION_COOKIES.refreshToken)?.value.length ?? 0;
      const kind = update.user?.activeOrgId === undefined ? "user token" : "org token";
      const before = `${previousCookieBytes(fullToken, refresh)} / ${fullToken}`;
      console.log(`| ${count} | ${fullToken} | ${before} | ${cookie} / ${forwarded} | ${kind} |`);
    }
  } finally {
    await emulator.stop();
  }
}
