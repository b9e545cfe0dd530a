/**
 * "Who is calling": one call for an access token or an API key in `Authorization`, one
 * typed answer whose memberships carry the session user's role checks — a personal key's owner with their orgs.
 */
import { describe, expect, it } from "vitest";
import { toBackendUser } from "../../../src/server/backend-user.js";
import { createCallerAuth } from "../../../src/server/caller.js";
import { AccessTokenError, ApiKeyError, createServerAuth } from "../../../src/server/index.js";
import { createGuardHost, KEYS, ORG_OF_KEY, USER_ID } from "./guard-host.js";
import { appOptions, memberInfo, userClaims } from "./fake-auth-host.js";

const { host, state, options, token } = await createGuardHost();
const callers = createCallerAuth(options());

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => expect.fail("expected a refusal"),
    (error: unknown) => error,
  );

describe("authenticate: one typed answer for a token or a key", () => {
  it("answers an access token with the token's user, its memberships with the role checks", async () => {
    const caller = await callers.authenticate(`Bearer ${await token()}`, { apiKeys: true });
    expect(caller).toMatchObject({ kind: "user", via: "access_token", userId: USER_ID });
    expect(caller.membership("org-a")?.isAtLeastRole("Member")).toBe(true);
    expect(caller.membership("org-b")?.isRole("Billing")).toBe(true);
    expect(caller.membership("org-c")).toBeUndefined();
  });

  it("answers a personal key with its owner and every org they are in (one more backend call), with the same checks", async () => {
    const before = state.userFetches;
    const caller = await callers.authenticateRequest(
      new Request("https://app.example.com/x", { headers: { Authorization: `Bearer ${KEYS.personal}` } }),
      { apiKeys: true },
    );
    expect(state.userFetches - before).toBe(1);
    expect(caller).toMatchObject({ kind: "user", via: "api_key", userId: USER_ID, apiKeyMetadata: { cli: true } });
    if (caller.kind !== "user" || caller.via !== "api_key") return;
    expect(caller.user.getOrgs().map((org) => org.orgId)).toEqual(["org-a", "org-b"]);
    expect(caller.user.isAtLeastRole("org-a", "Member")).toBe(true);
    expect(caller.user.hasAllPermissions("org-b", ["read", "write"])).toBe(false);
    expect(caller.membership("org-b")?.hasPermission("read")).toBe(true);
  });

  it("answers an org key with its org: a roleless membership of its own org, or the user's it names", async () => {
    const bare = await callers.authenticate(`Bearer ${KEYS.org}`, { apiKeys: true });
    expect(bare).toMatchObject({ kind: "org", org: { orgId: ORG_OF_KEY.org_id } });
    expect(bare.membership("org-a")?.isAtLeastRole("Member")).toBe(false);
    expect(bare.membership("org-b")).toBeUndefined();
    const named = await callers.authenticate(`Bearer ${KEYS.orgOfUser}`, { apiKeys: true });
    expect(named).toMatchObject({ kind: "org", userId: USER_ID });
    expect(named.membership("org-a")?.isAtLeastRole("Member")).toBe(true);
  });

  it("refuses with the typed errors: keys only where accepted, a non-string header is missing", async () => {
    expect(await refusal(callers.authenticate(`Bearer ${KEYS.personal}`))).toMatchObject({
      type: "access_token",
      reason: "malformed",
    });
    expect(await refusal(callers.authenticate(`Bearer nope`, { apiKeys: true }))).toBeInstanceOf(ApiKeyError);
    for (const header of [undefined, null, "", 42, ["Bearer a", "Bearer b"], {}]) {
      expect(await refusal(callers.authenticate(header, { apiKeys: true }))).toMatchObject({ reason: "missing" });
    }
    expect(await refusal(callers.authenticate("Basic YTpi"))).toMatchObject({ reason: "malformed" });
  });
});

describe("validateAuthorizationHeader", () => {
  it("answers a header that is not a string with the typed missing, not a TypeError", async () => {
    const auth = createServerAuth(appOptions(host));
    for (const header of [42, ["Bearer a", "Bearer b"], {}, true]) {
      const error = await refusal(auth.validateAuthorizationHeader(header));
      expect(error).toBeInstanceOf(AccessTokenError);
      expect(error).toMatchObject({ reason: "missing" });
    }
  });
});

describe("users from the backend with the session user's role checks", () => {
  it("maps a fetched user with orgs through the one membership mapping, checks as on the token's user", async () => {
    const claims = userClaims();
    const fetched = toBackendUser({
      user_id: USER_ID,
      email: "ada@example.com",
      org_id_to_org_info: claims.org_id_to_org_member_info,
    });
    const tokenUser = await createServerAuth(appOptions(host)).verifyAccessToken(await token());
    for (const [orgId, role] of [
      ["org-a", "Member"],
      ["org-a", "Owner"],
      ["org-b", "Billing"],
      ["org-b", "Reader"],
      ["org-c", "Member"],
    ] as const) {
      expect(fetched?.isAtLeastRole(orgId, role)).toBe(tokenUser.isAtLeastRole(orgId, role));
      expect(fetched?.isRole(orgId, role)).toBe(tokenUser.isRole(orgId, role));
    }
    expect(fetched?.hasPermission("org-a", "write")).toBe(true);
    expect(fetched?.getOrg("org-b")).toMatchObject({ orgRoleStructure: "multi_role" });
    expect(toBackendUser({ email: "no id" })).toBeUndefined();
    expect(
      toBackendUser({
        user_id: "u",
        email: "e",
        org_id_to_org_info: { x: memberInfo("x", { user_role: 1 }) },
      })?.getOrgs(),
    ).toEqual([]);
  });
});
