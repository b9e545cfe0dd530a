/** The demo server's one piece of state on top of Prism: logged in / logged out / mid-login, per browser cookie. */
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { DEMO_MFA_COOKIE, mfaPreferFor, nextMfaCookie } from "../../../scripts/lib/demo-mfa-state.js";
import {
  DEMO_SESSION_COOKIE,
  nextDemoSessionState,
  preferFor,
  restartLogin,
  RESTART_LOGIN_PATH,
} from "../../../scripts/lib/demo-session-state.js";

function request(route: string, cookie?: string, prefer?: string): IncomingMessage {
  const [method, url] = route.split(" ");
  const headers: Record<string, string> = {};
  if (cookie !== undefined) headers.cookie = `other=1; ${DEMO_SESSION_COOKIE}=${cookie}`;
  if (prefer !== undefined) headers.prefer = prefer;
  return { method, url, headers } as unknown as IncomingMessage;
}

describe("demo session state", () => {
  it("leaves a logged-in browser to Prism's defaults, except login_state which says Finished", () => {
    expect(preferFor(request("GET /api/v1/refresh_token"))).toBeNull();
    expect(preferFor(request("GET /api/fe/v3/login_state"))).toBe("code=200, example=Finished");
  });

  it("answers refresh with 401 and login_state with the step while not logged in", () => {
    expect(preferFor(request("GET /api/v1/refresh_token?active_org_id=org_acme", "LoggedOut"))).toBe("code=401");
    expect(preferFor(request("GET /api/fe/v3/login_state", "LoggedOut"))).toBe("code=200, example=LoginRequired");
    expect(preferFor(request("GET /api/v1/refresh_token", "TwoFactorRequired"))).toBe("code=401");
    expect(preferFor(request("GET /api/fe/v3/login_state", "TwoFactorRequired"))).toBe(
      "code=200, example=TwoFactorRequired",
    );
  });

  it("never overrides a Prefer header the page sent (the scenario toolbar wins)", () => {
    expect(preferFor(request("GET /api/v1/refresh_token", "LoggedOut", "code=500"))).toBeNull();
  });

  it("moves on logout, login answers and step completions", () => {
    expect(nextDemoSessionState(request("POST /api/v1/logout"), 200, "{}")).toEqual({ kind: "logged_out" });
    expect(nextDemoSessionState(request("DELETE /api/fe/v3/delete_me"), 204, "")).toEqual({ kind: "logged_out" });
    expect(
      nextDemoSessionState(request("POST /api/fe/v3/login", "LoggedOut"), 200, '{"login_state":"Finished"}'),
    ).toEqual({ kind: "logged_in" });
    expect(
      nextDemoSessionState(
        request("POST /api/fe/v3/login", "LoggedOut"),
        200,
        '{"login_state":"UserMetadataRequired"}',
      ),
    ).toEqual({
      kind: "step",
      step: "UserMetadataRequired",
    });
    expect(nextDemoSessionState(request("POST /api/fe/v3/update_metadata", "UserMetadataRequired"), 204, "")).toEqual({
      kind: "logged_in",
    });
    expect(
      nextDemoSessionState(request("POST /api/fe/v3/join_org/org_initech", "OrgCreationRequired"), 200, "{}"),
    ).toEqual({ kind: "logged_in" });
  });

  it("does not move on errors, on login_state reads, or on calls that complete another step", () => {
    expect(
      nextDemoSessionState(request("POST /api/fe/v3/login", "LoggedOut"), 404, '{"error_code":"user_not_found"}'),
    ).toBeNull();
    expect(
      nextDemoSessionState(request("GET /api/fe/v3/login_state", "LoggedOut"), 200, '{"login_state":"Finished"}'),
    ).toBeNull();
    expect(nextDemoSessionState(request("POST /api/fe/v3/update_metadata", "TwoFactorRequired"), 204, "")).toBeNull();
    expect(nextDemoSessionState(request("POST /api/fe/v3/create_org"), 200, '{"org_id":"org_hooli"}')).toBeNull();
  });
});

describe("the demo's MFA memory", () => {
  const withCookie = (route: string, cookie?: string, prefer?: string) => {
    const [method, url] = route.split(" ");
    return {
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...(prefer ? { prefer } : {}) },
    } as unknown as IncomingMessage;
  };

  it("answers the security status as Enabled after MFA was turned on in this browser, unless a scenario says otherwise", () => {
    expect(mfaPreferFor(withCookie("POST /api/fe/v3/security_status"))).toBeNull();
    expect(mfaPreferFor(withCookie("POST /api/fe/v3/security_status", `${DEMO_MFA_COOKIE}=on`))).toBe(
      "code=200, example=Enabled",
    );
    expect(mfaPreferFor(withCookie("POST /api/fe/v3/security_status", `${DEMO_MFA_COOKIE}=on`, "code=500"))).toBeNull();
    expect(mfaPreferFor(withCookie("GET /api/v1/refresh_token", `${DEMO_MFA_COOKIE}=on`))).toBeNull();
  });

  it("turns on after a successful enable and off after disable or logout; failures change nothing", () => {
    expect(nextMfaCookie(withCookie("POST /api/fe/v3/mfa_enable"), 200)).toBe(
      `${DEMO_MFA_COOKIE}=on; Path=/; HttpOnly; SameSite=Lax`,
    );
    expect(nextMfaCookie(withCookie("POST /api/fe/v3/mfa_enable"), 400)).toBeNull();
    expect(nextMfaCookie(withCookie("POST /api/fe/v3/mfa_disable"), 200)).toContain("Max-Age=0");
    expect(nextMfaCookie(withCookie("POST /api/v1/logout"), 200)).toContain("Max-Age=0");
    expect(nextMfaCookie(withCookie("POST /api/fe/v3/login"), 200)).toBeNull();
  });
});

describe("restarting a half-done login", () => {
  function answer(cookie: string | undefined, method = "POST") {
    const headers: Record<string, string | string[] | number> = {};
    const res = {
      setHeader: (name: string, value: string) => {
        headers[name] = value;
      },
      writeHead(status: number) {
        headers.status = status;
        return res;
      },
      end: () => undefined,
    };
    restartLogin(
      {
        method,
        url: RESTART_LOGIN_PATH,
        headers: cookie ? { cookie: `${DEMO_SESSION_COOKIE}=${cookie}` } : {},
      } as unknown as IncomingMessage,
      res as never,
    );
    return headers;
  }

  it("sends a visitor part-way through the login back to its start, and leaves everyone else as they are", () => {
    expect(answer("TwoFactorRequired")).toEqual({
      "Set-Cookie": `${DEMO_SESSION_COOKIE}=LoggedOut; Path=/; HttpOnly; SameSite=Lax`,
      status: 204,
    });
    expect(answer(undefined)).toEqual({ status: 204 });
    expect(answer("LoggedOut")).toEqual({ status: 204 });
    expect(answer("TwoFactorRequired", "GET").status).toBe(405);
  });
});
