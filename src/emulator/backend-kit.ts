/**
 * The backend testing kit: what a server-side test needs without a browser — orgauth's typed backend client on an
 * emulator, a seeded user's access token (personal or for an org) minted through the backend's access-token call, one
 * that has already expired (through the admin API), and end-user API keys created through the backend.
 * `backendKit` wraps an emulator already running; `createBackendEmulator` starts a seeded one and adds the kit to it.
 * An app's rate-limit path: `configure({ backendRateLimitSeconds })` makes every backend call answer 429.
 */
import { type BackendClient, createBackendClient } from "../server/backend-client.js";
import { createEmulator, type TestEmulator } from "./create-emulator.js";
import type { EmulatorOptions } from "./server.js";
import type { EmulatorSeed } from "./seeds/seed.js";

/** Who a token or key is for: a user by id or by e-mail. */
export type KitUser = { readonly userId: string } | { readonly email: string };

/** What a backend test calls: the typed client, access tokens and API keys, all through the emulator's backend API. */
export interface BackendKit {
  /** orgauth's backend client on the emulator, with its integration API key. */
  readonly backend: BackendClient;
  /** An access token for `user` (for `orgId`'s org when given), as an app's browser would send it as `Bearer`. */
  accessToken(user: KitUser, options?: { orgId?: string; minutes?: number }): Promise<string>;
  /**
   * An access token for `user` that expired `secondsAgo` seconds ago (60 by default), signed like any other: what an
   * app's 401 path gets. Needs the emulator's admin secret (`secret`, which a started emulator has).
   */
  expiredAccessToken(user: KitUser, options?: { orgId?: string; secondsAgo?: number }): Promise<string>;
  /** Creates an end-user API key for a user (personal) or an org; answers its token (what a caller sends) and id. */
  createApiKey(
    owner: KitUser | { readonly orgId: string },
    options?: { displayName?: string; metadata?: Record<string, unknown>; expiresAtSeconds?: number },
  ): Promise<{ apiKeyId: string; apiKeyToken: string }>;
}

/** A started emulator with the backend kit on it. */
export interface BackendTestEmulator extends TestEmulator, BackendKit {}

/**
 * The backend kit on a running emulator (its URL, integration API key and admin secret, e.g. a `TestEmulator` or
 * `RunningEmulator`; without the secret, `expiredAccessToken` throws).
 */
export function backendKit(emulator: {
  readonly url: string;
  readonly apiKey: string;
  readonly secret?: string;
}): BackendKit {
  const backend = createBackendClient({ authUrl: emulator.url, apiKey: emulator.apiKey });
  const userIdOf = async (user: KitUser): Promise<string> => {
    if ("userId" in user) return user.userId;
    const found = await backend.fetchUserByEmail({ query: { email: user.email } });
    if (!found) throw new Error(`The emulator has no user with the e-mail ${user.email}`);
    return found.user_id;
  };
  return {
    backend,
    async accessToken(user, options = {}) {
      const body = { user_id: await userIdOf(user), duration_in_minutes: options.minutes ?? 60 };
      const minted = await backend.createAccessToken({
        body: options.orgId === undefined ? body : { ...body, active_org_id: options.orgId },
      });
      return minted.access_token;
    },
    async expiredAccessToken(user, options = {}) {
      if (emulator.secret === undefined) throw new Error("expiredAccessToken needs the emulator's admin secret");
      const body = {
        user_id: await userIdOf(user),
        expires_in_seconds: -(options.secondsAgo ?? 60),
        ...(options.orgId !== undefined && { org_id: options.orgId }),
      };
      const answer = await fetch(`${emulator.url}/__emulator/access_token`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-emulator-secret": emulator.secret },
        body: JSON.stringify(body),
      });
      const json = (await answer.json()) as { access_token?: string; user_facing_error?: string };
      if (!answer.ok || json.access_token === undefined)
        throw new Error(`The emulator minted no expired token: ${json.user_facing_error ?? answer.status}`);
      return json.access_token;
    },
    async createApiKey(owner, options = {}) {
      const who = "orgId" in owner ? { org_id: owner.orgId } : { user_id: await userIdOf(owner) };
      const created = await backend.createApiKey({
        body: {
          ...who,
          ...(options.displayName !== undefined && { display_name: options.displayName }),
          ...(options.metadata !== undefined && { metadata: options.metadata }),
          ...(options.expiresAtSeconds !== undefined && { expires_at_seconds: options.expiresAtSeconds }),
        },
      });
      return { apiKeyId: created.api_key_id, apiKeyToken: created.api_key_token };
    },
  };
}

/** Starts an in-memory emulator on 127.0.0.1 with `seed` and adds the backend kit; `stop()` when the suite ends. */
export async function createBackendEmulator(
  options: { seed?: EmulatorSeed } & Omit<EmulatorOptions, "seed" | "port"> = {},
): Promise<BackendTestEmulator> {
  const emulator = await createEmulator(options);
  return { ...emulator, ...backendKit(emulator) };
}
