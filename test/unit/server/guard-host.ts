/**
 * The fake auth host of fake-auth-host.ts with the backend calls the guards make: API-key validation (a personal
 * key, an org key, a deleted one, a rate-limited one) and the user fetch with orgs, counted; `down` makes every
 * backend call and the key set fail as an outage.
 */
import type { CallerAuthOptions } from "../../../src/server/caller.js";
import { API_KEY, createFakeAuthHost, memberInfo, userClaims } from "./fake-auth-host.js";

const USER = userClaims();
export const USER_ID = String(USER.user_id);

/** The keys the host knows, by token. */
export const KEYS = { personal: "pk_0123456789abcdef", org: "ok_0123456789abcdef", orgOfUser: "ou_0123456789abcdef" };
export const ORG_OF_KEY = { org_id: "org-a", org_name: "Org org-a", metadata: {} };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The user as the backend API answers them (userinfo's shape), without or with their orgs. */
function backendUser(withOrgs: boolean): Record<string, unknown> {
  const base = {
    ...{ user_id: USER_ID, email: USER.email, first_name: "Ada", email_confirmed: true, enabled: true },
    ...{
      has_password: true,
      locked: false,
      mfa_enabled: false,
      can_create_orgs: false,
      created_at: 1,
      last_active_at: 2,
    },
  };
  return withOrgs ? { ...base, org_id_to_org_info: USER.org_id_to_org_member_info } : base;
}

/** A fake host that also validates keys; `state.down` is an outage of every call (key set included). */
export async function createGuardHost() {
  const host = await createFakeAuthHost();
  const state = { down: false, userFetches: 0 };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (state.down) return json(503, { error_code: "unexpected_error", user_facing_error: "down" });
    if (url.pathname === "/api/backend/v1/end_user_api_keys/validate") {
      const token = (JSON.parse(String(init?.body)) as { api_key_token: string }).api_key_token;
      if (token === KEYS.personal) return json(200, { metadata: { cli: true }, user: backendUser(false) });
      if (token === KEYS.org) return json(200, { metadata: {}, org: ORG_OF_KEY });
      if (token === KEYS.orgOfUser) {
        return json(200, { org: ORG_OF_KEY, user: backendUser(false), user_in_org: memberInfo("org-a") });
      }
      if (token === "limited") return json(429, { wait_seconds: 7, user_facing_error: "slow down" });
      return json(400, { api_key_token: ["API key not found"] });
    }
    if (url.pathname === `/api/backend/v1/user/${USER_ID}`) {
      state.userFetches++;
      return json(200, backendUser(url.searchParams.get("include_orgs") === "true"));
    }
    return host.fetch(input, init);
  };
  const options = (overrides: Partial<CallerAuthOptions> = {}): CallerAuthOptions => ({
    authUrl: host.issuer,
    apiKey: API_KEY,
    verifierKey: host.pem,
    fetch: fetch as typeof globalThis.fetch,
    ...overrides,
  });
  return { host, state, options, token: () => host.sign(userClaims()) };
}
