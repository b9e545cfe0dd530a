/**
 * Org ids that are object-prototype names (`__proto__`, `constructor` …) in a verified token and in a userinfo
 * answer: each is an org like any other, and a name the user has no org under finds none.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { ServerAuth } from "../../../src/server/index.js";
import { userFromUserinfo } from "../../../src/server/userinfo-user.js";
import { PROTOTYPE_NAMES } from "../../support/prototype-names.js";
import { type FakeAuthHost, hostWithAuth, memberInfo, userClaims } from "./fake-auth-host.js";

let host: FakeAuthHost;
let auth: ServerAuth;

beforeAll(async () => {
  ({ host, auth } = await hostWithAuth());
});

/** Memberships keyed by `ids`, built as JSON.parse would (an own `__proto__` key, not a prototype). */
const orgsKeyedBy = (ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, memberInfo(id)]));

describe("object-prototype names as org ids", () => {
  it("a token's memberships keep such orgs and find none the user is not in", async () => {
    // the claims check drops a `__proto__` key, so it never becomes the memberships' prototype
    const mine = ["constructor", "toString"];
    const token = await host.sign(userClaims({ org_id_to_org_member_info: orgsKeyedBy(mine) }));
    const user = await auth.verifyAccessToken(token);
    expect(user.getOrgs().map((org) => org.orgId)).toEqual(mine);
    expect(Object.keys(user.orgIdToOrgMembership)).toEqual(mine);
    for (const name of PROTOTYPE_NAMES.filter((id) => !mine.includes(id))) {
      expect(user.getOrg(name), name).toBeUndefined();
      expect(user.isAtLeastRole(name, "Member"), name).toBe(false);
    }
    expect(user.getOrg("constructor")?.isRole("Admin")).toBe(true);
  });

  it("a userinfo answer's memberships keep every such org", () => {
    const mapped = userFromUserinfo(
      { user_id: "u1", email: "e@example.com", org_id_to_org_info: orgsKeyedBy(PROTOTYPE_NAMES) },
      undefined,
    );
    expect(Object.keys(mapped?.orgIdToOrgMembership ?? {})).toEqual([...PROTOTYPE_NAMES]);
  });
});
