import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../src/emulator/index.js";
import { ADA, raw, useEmulator } from "./harness.js";

/**
 * Hosted pages: `rt` leads only to the emulator's own origin or an allowed app origin (no open redirect), and a
 * hosted form posted from another origin is refused (no login CSRF), while the emulator's own pages keep working.
 */
const emu = useEmulator();
const rt = (url: string) => Buffer.from(url, "utf8").toString("base64");
const own = () => new URL(emu.url).origin;

const formPost = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  raw(emu.url, {
    method: "POST",
    path,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
const sessionOf = (answer: { headers: Record<string, string | string[] | undefined> }) =>
  [answer.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("__session=") && !/Max-Age=0/.test(c));

const FOREIGN_TARGETS = [
  "https://evil.example/x",
  "http://127.0.0.1.evil.example/x",
  "http://localhost.evil.example:5173/x",
  "https://localhost@evil.example/x",
  "http://evil.example\\@localhost:5173/",
  "javascript:alert(1)",
  "//evil.example/x",
];

describe("open redirects", () => {
  it("never sends a POST /login to a foreign rt: the account page instead", async () => {
    for (const target of FOREIGN_TARGETS) {
      const answer = await formPost("/login", { email: ADA, password: DEMO_PASSWORD, rt: rt(target) });
      expect(answer.status, target).toBe(303);
      expect(answer.headers.location, target).toBe("/account");
    }
  });

  it("never sends a logged-in GET /login to a foreign rt", async () => {
    const { cookie } = await emu.login(ADA);
    for (const target of FOREIGN_TARGETS) {
      const answer = await raw(emu.url, {
        path: `/login?rt=${encodeURIComponent(rt(target))}`,
        headers: { Cookie: cookie! },
      });
      expect(answer.status, target).toBe(303);
      expect(answer.headers.location, target).toBe("/account");
    }
  });

  it("follows an rt on a loopback app origin and on the emulator's own origin", async () => {
    const { cookie } = await emu.login(ADA);
    for (const target of ["http://localhost:5173/after?x=1", "http://127.0.0.1:3000/", `${own()}/account`]) {
      const answer = await raw(emu.url, {
        path: `/login?rt=${encodeURIComponent(rt(target))}`,
        headers: { Cookie: cookie! },
      });
      expect(answer.headers.location).toBe(new URL(target).href);
    }
  });
});

describe("login CSRF and other cross-site form posts", () => {
  const crossSite = [
    { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    { Origin: "http://127.0.0.1:9", "Sec-Fetch-Site": "same-site" },
    { Origin: "http://localhost:5173", "Sec-Fetch-Site": "same-site" },
    { Origin: "null", "Sec-Fetch-Site": "cross-site" },
    { "Sec-Fetch-Site": "cross-site" },
  ];

  it("refuses a hosted login posted from another origin: no session, no redirect, no failed login counted", async () => {
    const { lockAfterFailedLogins } = await emu.settings();
    for (const headers of crossSite) {
      const right = await formPost("/login", { email: ADA, password: DEMO_PASSWORD }, headers);
      expect(right.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(right.body).error_code).toMatch(/^(cross_site_form|origin_not_allowed)$/);
      expect(sessionOf(right)).toBeUndefined();
      expect(right.headers.location).toBeUndefined();
      for (let i = 0; i < lockAfterFailedLogins; i++) {
        expect((await formPost("/login", { email: ADA, password: "wrong" }, headers)).status).toBe(403);
      }
    }
    expect((await emu.login(ADA)).status).toBe(200);
  });

  it("refuses the other hosted forms from another origin (signup, logout, create_org) and nothing is created", async () => {
    const { cookie } = await emu.login(ADA);
    const evil = { Origin: "http://127.0.0.1:9", "Sec-Fetch-Site": "same-site", Cookie: cookie! };
    const signup = await formPost("/signup", { email: "csrf@evil.example", password: "long-enough-1" }, evil);
    const org = await formPost("/create_org", { name: "Planted" }, evil);
    const logout = await formPost("/logout", {}, evil);
    for (const answer of [signup, org, logout]) expect(answer.status).toBe(403);
    expect((await emu.login("csrf@evil.example", "long-enough-1")).status).toBe(404);
    const session = await raw(emu.url, { path: "/api/v1/refresh_token", headers: { Cookie: cookie! } });
    expect(session.status).toBe(200);
    expect(session.body).not.toContain("Planted");
  });

  it("serves a hosted form posted from the emulator's own origin, and from a client that is not a browser", async () => {
    const sameOrigin = await formPost(
      "/login",
      { email: ADA, password: DEMO_PASSWORD },
      { Origin: own(), "Sec-Fetch-Site": "same-origin" },
    );
    expect(sameOrigin.status).toBe(303);
    expect(sessionOf(sameOrigin)).toBeDefined();
    const reachedAsLocalhost = await formPost(
      "/login",
      { email: ADA, password: DEMO_PASSWORD },
      { Host: `localhost:${new URL(emu.url).port}`, Origin: `http://localhost:${new URL(emu.url).port}` },
    );
    expect(reachedAsLocalhost.status).toBe(303);
    const plainClient = await formPost("/login", { email: ADA, password: DEMO_PASSWORD });
    expect(plainClient.status).toBe(303);
  });
});
