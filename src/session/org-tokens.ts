/**
 * Per-org access tokens: a refresh with `active_org_id`, cached per org (300 s by default),
 * single-flight per org, and cleared whenever a main refresh completes.
 */
import type { AuthEnvironment } from "./environment.js";
import type { RefreshOutcome } from "./session-requests.js";
import { createSingleFlight } from "./single-flight.js";
import type { OrgAccessTokenResult } from "./types.js";

/** The per-org token cache of one client. */
export interface OrgTokenCache {
  /** A cached or freshly fetched token for `orgId`; never rejects. */
  get(orgId: string): Promise<OrgAccessTokenResult>;
  /** Drops every cached token (after a main refresh, a logout, or `destroy()`). */
  clear(): void;
}

interface CachedToken {
  accessToken: string;
  expiresAtSeconds: number;
  fetchedAt: number;
}

/** Creates the cache; `fetchForOrg` is the retried refresh with `active_org_id`. */
export function createOrgTokenCache(
  env: AuthEnvironment,
  cacheMs: number,
  fetchForOrg: (orgId: string) => Promise<RefreshOutcome>,
): OrgTokenCache {
  const cache = new Map<string, CachedToken>();
  const flights = createSingleFlight<OrgAccessTokenResult>();
  let generation = 0; // bumped by clear(): a fetch started before a clear must not refill the cache

  const fetchAndCache = async (orgId: string): Promise<OrgAccessTokenResult> => {
    const startedGeneration = generation;
    try {
      const [authInfo] = await fetchForOrg(orgId);
      if (!authInfo) return { ok: false, error: "user_not_in_org" };
      const { accessToken, expiresAtSeconds } = authInfo;
      if (startedGeneration === generation) {
        cache.set(orgId, { accessToken, expiresAtSeconds, fetchedAt: env.now() });
      }
      return { ok: true, accessToken, expiresAtSeconds };
    } catch {
      return { ok: false, error: "unexpected_error" };
    }
  };

  return {
    get(orgId) {
      const cached = cache.get(orgId);
      if (cached && env.now() - cached.fetchedAt < cacheMs) {
        return Promise.resolve({
          ok: true,
          accessToken: cached.accessToken,
          expiresAtSeconds: cached.expiresAtSeconds,
        });
      }
      cache.delete(orgId);
      return flights.run(`${generation}:${orgId}`, () => fetchAndCache(orgId));
    },
    clear() {
      generation++;
      cache.clear();
    },
  };
}
