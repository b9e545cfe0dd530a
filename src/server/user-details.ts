/**
 * The user's fields the access token does not carry (`emailConfirmed`, `hasPassword`, `hasMfaEnabled`,
 * `canCreateOrgs`, `pictureUrl`, `createdAt` …, and every org the user is in), for the userinfo route: the backend
 * API's user fetch with `include_orgs` (the integration API key as bearer), never a refresh, so reading them rotates
 * no refresh token. One answer per user is remembered per server instance for `USER_DETAILS_TTL_MS`, shared by the
 * requests that ask at the same time; a failure is not remembered.
 */
import { type BackendFetchUserByIdResponse, backendFetchUserById } from "../generated/server-operations.js";
import { createServerTransport } from "../transport/server-transport.js";
import { createLruMap } from "./lru-map.js";
import type { ServerConfig } from "./options.js";

/** How long one user's fetched details are served before the next fetch (per server instance). */
const USER_DETAILS_TTL_MS = 30_000;
/** The most users remembered at once; the least recently used goes first. */
const MAX_REMEMBERED = 1_000;

/** The backend API's user (snake_case, with `org_id_to_org_info`). */
type UserDetailsAnswer = BackendFetchUserByIdResponse;

/** Fetches a user's details; `fresh` skips what is remembered (after a change the user asked for). */
export type UserDetailsSource = (userId: string, options?: { fresh?: boolean }) => Promise<UserDetailsAnswer>;

/** The user-details source of one server configuration, with its per-instance memory. */
export function createUserDetailsSource(config: ServerConfig): UserDetailsSource {
  const transport = createServerTransport({
    authUrl: config.authOrigin,
    apiKey: config.apiKey,
    fetch: config.fetch,
    timeoutMs: config.timeoutMs,
  });
  const remembered = createLruMap<string, { until: number; answer: Promise<UserDetailsAnswer> }>(MAX_REMEMBERED);
  return (userId, options = {}) => {
    const now = Date.now();
    const kept = remembered.get(userId);
    if (kept && kept.until > now && !options.fresh) return kept.answer;
    const answer = backendFetchUserById(transport, { path: { userId }, query: { include_orgs: true } });
    const entry = { until: now + USER_DETAILS_TTL_MS, answer };
    remembered.set(userId, entry);
    answer.catch(() => {
      if (remembered.get(userId) === entry) remembered.delete(userId);
    });
    return answer;
  };
}
