/**
 * The login's hooks (the vendor's `postLoginRedirectPathFn` and `getDefaultActiveOrgId`): `afterLoginPath` decides
 * where a login started without a return path lands (a target off the app's origins is refused for the root), and
 * `defaultActiveOrgId` starts a new session in an org when the browser has chosen none.
 */
import { describe, expect, it, vi } from "vitest";
import { SESSION_COOKIES } from "../../../src/server/index.js";
import { BrowserJar, locationOf } from "../../support/browser-jar.js";
import { APP, hostWithAuth, REDIRECT_URI } from "./fake-auth-host.js";

/** A whole login from `/api/auth/login{query}`; returns where it lands and the cookies it left. */
async function login(auth: Awaited<ReturnType<typeof hostWithAuth>>, query = "") {
  const jar = new BrowserJar();
  const authorize = new URL(locationOf(await jar.send(auth.auth, `${APP}/api/auth/login${query}`)));
  const state = authorize.searchParams.get("state") ?? "";
  const callback = await jar.send(auth.auth, `${REDIRECT_URI}?code=${auth.host.issueCode()}&state=${state}`);
  const check = await jar.send(auth.auth, locationOf(callback));
  return { landing: locationOf(check), jar };
}

describe("afterLoginPath and defaultActiveOrgId", () => {
  it("a login without a return path lands where the hook says; an asked return path wins", async () => {
    const hooked = await hostWithAuth(() => ({ afterLoginPath: (user) => `/welcome/${user.firstName}` }));
    expect((await login(hooked)).landing).toBe(`${APP}/welcome/Ada`);
    expect((await login(hooked, "?return_to_path=%2Freports")).landing).toBe(`${APP}/reports`);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const unsafe = await hostWithAuth(() => ({ afterLoginPath: () => "https://evil.example/" }));
    expect((await login(unsafe)).landing).toBe(`${APP}/`);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("afterLoginPath"));
    warn.mockRestore();
  });

  it("a new session starts in the default org (an org token); an org the user is not in starts without one", async () => {
    const hooked = await hostWithAuth(() => ({ defaultActiveOrgId: (user) => user.getOrgs()[1]?.orgId }));
    const { jar } = await login(hooked);
    expect(jar.cookies.get(SESSION_COOKIES.activeOrgId)?.value).toBe("org-b");
    const stranger = await hostWithAuth(() => ({ defaultActiveOrgId: () => "org-z" }));
    expect((await login(stranger)).jar.cookies.has(SESSION_COOKIES.activeOrgId)).toBe(false);
    expect(stranger.host.callsTo("/api/backend/v1/refresh_token")).toEqual([]);
  });
});
