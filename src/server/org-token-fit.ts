/**
 * A user in many orgs: the provider's user token carries every membership and grows with each (about 0.6 KB an org),
 * past what the session cookies hold. The session then takes the provider's org token instead, which carries one
 * org's membership (`org_member_info`): the active org's — the last chosen (the org cookie), else the user's first.
 * Stateless: the cookies carry all of it, so every instance of the app reads the same session.
 */
import type { SessionTokens } from "./backend.js";
import { fitsSessionCookies } from "./cookie-store.js";
import { refreshOnce } from "./refresh.js";
import type { ServerCore } from "./server-core.js";

/** Tokens and the org they are for (undefined: a user token). */
export interface ScopedTokens {
  tokens: SessionTokens;
  orgId: string | undefined;
}

/**
 * The tokens to store: `scoped` when they are an org token already or fit the session cookies, else the org token
 * of the user's first org (one more refresh); `scoped` as it is when that refresh fails (the session stays whole,
 * renewed on each request).
 */
export async function fittingTokens(core: ServerCore, scoped: ScopedTokens): Promise<ScopedTokens> {
  if (scoped.orgId !== undefined || fitsSessionCookies(scoped.tokens, undefined)) return scoped;
  let first: string | undefined;
  try {
    first = (await core.verify(scoped.tokens.accessToken)).getOrgs()[0]?.orgId;
  } catch {
    return scoped; // the caller's own check of the token names what is wrong with it
  }
  if (first === undefined) return scoped;
  const outcome = await refreshOnce(core.backend, core.config.authOrigin, scoped.tokens.refreshToken, first);
  return outcome.kind === "refreshed" ? { tokens: outcome.tokens, orgId: first } : scoped;
}
