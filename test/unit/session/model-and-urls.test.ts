import { describe, expect, it } from "vitest";
import {
  createAuthClient,
  getHostedPageUrls,
  createHostedPageUrls,
  createRedirectResponse,
  decodeReturnTo,
  encodeReturnTo,
  getOrg,
  getOrgByName,
  getOrgs,
  hasAllPermissions,
  hasPermission,
  isAtLeastRole,
  isImpersonating,
  isRole,
  SOCIAL_LOGIN_PROVIDERS,
  toAuthInfo,
  UnsafeNavigationError,
  type AuthInfo,
  type RedirectStatus,
} from "../../../src/session/index.js";
import { RefreshTokenResponseSchema } from "../../../src/generated/zod.js";
import { refreshBody } from "./fake-world.js";

function authInfo(overrides: Record<string, unknown> = {}): AuthInfo {
  return toAuthInfo(RefreshTokenResponseSchema.parse(refreshBody(1_767_225_600_000, 1800, overrides)));
}

const multiRole = {
  org_id: "o2",
  org_name: "Beta Corp",
  url_safe_org_name: "beta-corp",
  org_metadata: {},
  user_role: "Viewer",
  inherited_user_roles_plus_current_role: ["Viewer"],
  user_permissions: ["read"],
  org_role_structure: "multi_role",
  additional_roles: ["Billing"],
};

describe("auth info model", () => {
  it("renames known fields only; keys inside properties and org_metadata stay as sent", () => {
    const info = authInfo({ impersonator_user: { user_id: "admin-1" } });
    expect(info.user).toMatchObject({
      userId: "u1",
      firstName: "Ada",
      hasMfaEnabled: false,
      impersonatorUserId: "admin-1",
    });
    expect(info.user.properties).toEqual({ first_name: "kept", nested_key: { inner_key: 1 } });
    expect(info.orgIdToOrgMembership.o1).toMatchObject({
      orgMetadata: { billing_plan: "pro" },
      userAssignedRole: "Admin",
    });
    expect(info.impersonatorUserId).toBe("admin-1");
    expect(isImpersonating(info)).toBe(true);
    expect(isImpersonating(authInfo())).toBe(false);
    expect("lastName" in info.user).toBe(false); // absent optional fields stay absent
  });

  it("org lookups by id and name", () => {
    const info = authInfo({
      org_id_to_org_member_info: { o1: refreshBody(0, 0).org_id_to_org_member_info.o1, o2: multiRole },
    });
    expect(getOrgs(info).map((o) => o.orgId)).toEqual(["o1", "o2"]);
    expect(getOrg(info, "o2")?.orgName).toBe("Beta Corp");
    expect(getOrg(info, "toString")).toBeUndefined();
    expect(getOrgByName(info, "beta-corp")?.orgId).toBe("o2");
    expect(getOrgByName(info, "Acme")?.orgId).toBe("o1");
  });

  it("role and permission checks", () => {
    const info = authInfo({
      org_id_to_org_member_info: { o1: refreshBody(0, 0).org_id_to_org_member_info.o1, o2: multiRole },
    });
    expect(isRole(info, "o1", "Admin")).toBe(true);
    expect(isRole(info, "o1", "Member")).toBe(false);
    expect(isAtLeastRole(info, "o1", "Member")).toBe(true); // single role: inherited list
    expect(isAtLeastRole(info, "o1", "Owner")).toBe(false);
    expect(isRole(info, "o2", "Billing")).toBe(true); // multi_role: assigned + additional
    expect(isAtLeastRole(info, "o2", "Billing")).toBe(true);
    expect(isAtLeastRole(info, "o2", "Admin")).toBe(false);
    expect(hasPermission(info, "o1", "write")).toBe(true);
    expect(hasAllPermissions(info, "o1", ["read", "write"])).toBe(true);
    expect(hasAllPermissions(info, "o1", ["read", "delete"])).toBe(false);
    for (const check of [isRole, isAtLeastRole, hasPermission]) expect(check(info, "nope", "read")).toBe(false);
    expect(hasAllPermissions(info, "nope", [])).toBe(false);
  });
});

describe("hosted pages", () => {
  const urls = createHostedPageUrls("https://auth.example.com", () => "https://app.example.com/here");

  it("builds every page, with optional ids", () => {
    expect(urls.signup()).toBe("https://auth.example.com/signup");
    expect(urls.login()).toBe("https://auth.example.com/login");
    expect(urls.account()).toBe("https://auth.example.com/account");
    expect(urls.org()).toBe("https://auth.example.com/org");
    expect(urls.org("o 1")).toBe("https://auth.example.com/org?id=o+1");
    expect(urls.createOrg()).toBe("https://auth.example.com/create_org");
    expect(urls.saml("o1")).toBe("https://auth.example.com/saml?id=o1");
    expect(() => urls.saml("")).toThrow(TypeError);
  });

  it("rt is UTF-8-safe base64 that round-trips unicode, and equals btoa for ASCII", () => {
    const returnTo = "https://app.example.com/café/日本?q=✓";
    const rt = new URL(urls.login({ returnTo })).searchParams.get("rt")!;
    expect(decodeReturnTo(rt)).toBe(new URL(returnTo).href);
    expect(encodeReturnTo("https://a.example/x")).toBe(btoa("https://a.example/x"));
    expect(() => btoa(returnTo)).toThrow(); // what the vendor does
  });

  it("relative returnTo resolves against the current page; extra params never override rt", () => {
    const url = new URL(urls.signup({ returnTo: "/after", params: { rt: "evil", ref: "ad", utm: "x" } }));
    expect(decodeReturnTo(url.searchParams.get("rt")!)).toBe("https://app.example.com/after");
    expect(url.searchParams.getAll("rt")).toHaveLength(1);
    expect(url.searchParams.get("ref")).toBe("ad");
    expect(new URL(urls.login({ params: { rt: "evil" } })).searchParams.has("rt")).toBe(false);
  });

  it("refuses a non-http(s) returnTo, and needs an absolute one without a current page", () => {
    expect(() => urls.login({ returnTo: "javascript:alert(1)" })).toThrow(UnsafeNavigationError);
    const serverUrls = createHostedPageUrls("https://auth.example.com", () => null, ["https://app.example.com"]);
    expect(() => serverUrls.login({ returnTo: "/relative" })).toThrow(/absolute/);
    expect(serverUrls.login({ returnTo: "https://app.example.com/x" })).toContain("rt=");
  });

  it("social login for the 12 providers, without a double slash even from an authUrl with a path", () => {
    const client = createAuthClient({ authUrl: "https://auth.example.com/base/" });
    expect(SOCIAL_LOGIN_PROVIDERS).toHaveLength(12);
    for (const provider of SOCIAL_LOGIN_PROVIDERS) {
      expect(getHostedPageUrls(client).socialLogin(provider)).toBe(`https://auth.example.com/${provider}/login`);
    }
    client.destroy();
  });
});

describe("server redirect helper (its allowed statuses)", () => {
  it("builds a redirect Response for 301, 302, 303, 307, 308 only", () => {
    for (const status of [301, 302, 303, 307, 308] as const) {
      const response = createRedirectResponse("https://auth.example.com/login", status);
      expect(response.status).toBe(status);
      expect(response.headers.get("Location")).toBe("https://auth.example.com/login");
    }
    expect(createRedirectResponse("https://auth.example.com/login").status).toBe(307);
    expect(() => createRedirectResponse("https://a.example", 200 as RedirectStatus)).toThrow(RangeError);
    expect(() => createRedirectResponse("https://a.example", 304 as RedirectStatus)).toThrow(/301, 302, 303, 307, 308/);
    expect(() => createRedirectResponse("javascript:alert(1)")).toThrow(UnsafeNavigationError);
  });
});
