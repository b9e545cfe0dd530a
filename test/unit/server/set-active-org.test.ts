import { beforeEach, describe, expect, it } from "vitest";
import { SESSION_COOKIES, type ServerAuth } from "../../../src/server/index.js";
import { BrowserJar } from "../../support/browser-jar.js";
import { APP, type FakeAuthHost, hostWithAuth, userClaims } from "./fake-auth-host.js";

/**
 * set-active-org with an expired access token: the auth host answers 400 both for an org the user is not in and for
 * a dead session, so a refusal is followed by one refresh without that org. A live session gets a typed 400
 * `user_not_in_org` and keeps its (rotated) cookies; a dead one 401; an auth host that failed 503, never a 200.
 */
let host: FakeAuthHost;
let auth: ServerAuth;
const REFRESH = "/api/backend/v1/refresh_token";

beforeEach(async () => {
  ({ host, auth } = await hostWithAuth());
});

/** A browser whose access token expired (`expiresIn` seconds from now), with its refresh token and org cookie. */
async function browser(expiresIn: number, activeOrgId?: string): Promise<BrowserJar> {
  const jar = new BrowserJar();
  const claims = userClaims();
  jar.take({
    setCookies: [
      `${SESSION_COOKIES.accessToken}=${await host.sign(claims, { expiresIn })}; Path=/`,
      `${SESSION_COOKIES.refreshToken}=${host.newRefreshToken(claims)}; Path=/`,
      ...(activeOrgId ? [`${SESSION_COOKIES.activeOrgId}=${activeOrgId}; Path=/`] : []),
    ],
  });
  return jar;
}

/** POST set-active-org for `orgId` from the browser (same origin). */
const switchTo = (jar: BrowserJar, orgId: string) =>
  jar.send(auth, `${APP}/api/auth/set-active-org?active_org_id=${orgId}`, { method: "POST", headers: { Origin: APP } });

/** The status and error code of a JSON answer. */
const codeOf = async (response: Response) => [response.status, (await response.json()).error_code];

describe("set-active-org with an org the user left", () => {
  it("a live session: 400 user_not_in_org, the session renewed and kept (with its org), not signed out", async () => {
    for (const activeOrgId of [undefined, "org-a"]) {
      const jar = await browser(-60, activeOrgId);
      const response = await switchTo(jar, "org-gone");
      expect(await codeOf(response)).toEqual([400, "user_not_in_org"]);
      expect(response.headers.getSetCookie().some((line) => line.includes("Max-Age=0"))).toBe(false);
      const user = await auth.readSession(jar.request(`${APP}/`));
      expect([user?.email, user?.activeOrgId]).toEqual(["ada@example.com", activeOrgId]);
      expect(jar.cookies.get(SESSION_COOKIES.activeOrgId)?.value).toBe(activeOrgId);
    }
  });

  it("a dead session: 401 not_logged_in, not user_not_in_org", async () => {
    const jar = await browser(600);
    host.refreshTokens.clear();
    expect(await codeOf(await switchTo(jar, "org-b"))).toEqual([401, "not_logged_in"]);
    expect(host.callsTo(REFRESH).map((call) => call.query)).toEqual([
      "?with_active_org_support=true&active_org_id=org-b",
      "",
    ]);
  });

  it("an auth host that failed: 503, never 200 with the old token", async () => {
    const jar = await browser(600);
    host.behaviour.refresh = "down";
    const response = await switchTo(jar, "org-b");
    expect(await codeOf(response)).toEqual([503, "auth_host_unreachable"]);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
