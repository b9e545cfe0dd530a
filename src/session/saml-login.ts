/** SAML login for a client: look the login URL up, then go there. */
import { loginCheck } from "../generated/operations.js";
import { clientParts } from "./client-parts.js";
import { getAuthTransport } from "./client-transport.js";
import { assertServerGivenTarget } from "./safe-navigation.js";
import type { AuthClient, SamlLoginLookup } from "./types.js";

function samlQuery(lookup: SamlLoginLookup): { domain: string } | { org_id: string } | { email: string } {
  if ("domain" in lookup) return { domain: lookup.domain };
  if ("orgId" in lookup) return { org_id: lookup.orgId };
  return { email: lookup.email };
}

/** Looks up the SAML login URL for `lookup` (`GET /login/check`) and navigates there (http(s) only). */
export async function loginWithSaml(client: AuthClient, lookup: SamlLoginLookup): Promise<void> {
  const { login_url } = await loginCheck(getAuthTransport(client), { query: samlQuery(lookup) });
  clientParts(client).navigate(assertServerGivenTarget(login_url, "SAML login_url"));
}
