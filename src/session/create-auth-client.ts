/**
 * `createAuthClient`: the public, framework-free session client: refresh, store and timers. What an app may not
 * call is kept off it and costs nothing until used: hosted pages (`getHostedPageUrls`, `getRedirectFunctions`),
 * the fe/v3 transport (`getAuthTransport`), SAML login (`loginWithSaml`); cross-tab coordination is passed in
 * (`tabs: tabSync`).
 */
import { toAuthOrigin } from "../transport/auth-url.js";
import { RequestValidationError } from "../transport/errors.js";
import { isWellFormedString, LONE_SURROGATE_MESSAGE } from "../transport/well-formed.js";
import { createSnapshotDeriver, resolveActiveOrgId } from "./active-org.js";
import { clientRegistry } from "./client-parts.js";
import { createDefaultEnvironment } from "./environment.js";
import { createEventEmitter } from "./events.js";
import { warnOnLoopbackMismatch } from "./loopback-origin.js";
import { resolveTiming, type AuthClientOptions } from "./options.js";
import { pageOf } from "./page-refresh.js";
import { assertServerGivenTarget } from "./safe-navigation.js";
import { createSessionEngine } from "./session-engine.js";
import { loadSessionValidators } from "./session-requests.js";
import type { ValidationSwitch } from "../generated/zod/compile-out-switch.js";
import type { AuthClient } from "./types.js";

/** Throws for an org id that cannot go on the wire as `active_org_id` (a lone surrogate); null passes when `nullable`. */
function assertWireOrgId(orgId: string | null, nullable?: boolean): void {
  if ((nullable && orgId === null) || (typeof orgId === "string" && isWellFormedString(orgId))) return;
  throw new RequestValidationError("refreshToken", [
    { path: ["query", "active_org_id"], message: LONE_SURROGATE_MESSAGE },
  ]);
}

/**
 * Creates the session client. Throws `Error("Unable to initialize auth client")` for an invalid `authUrl`.
 * In a browser the page's first refresh goes out as soon as the client is created (a microtask later, so that
 * code right after creation, such as `setActiveOrgId`, is seen), shared with every client of the same auth URL
 * created in the page meanwhile; nothing else runs (no listener, no timer) before the engine starts on
 * `start()`, `subscribe()` or the first call that needs the session. On a server nothing ever runs.
 */
export function createAuthClient(options: AuthClientOptions): AuthClient {
  const authOrigin = toAuthOrigin(options.authUrl);
  const timing = resolveTiming(options);
  const env = options.environment ?? createDefaultEnvironment();
  // a development build's warning: a production build leaves the whole line out
  if (process.env.NODE_ENV !== "production" && env.isBrowser) warnOnLoopbackMismatch(authOrigin, env.currentHref());
  const emit = createEventEmitter(options.onEvent, env);
  const [store, orgTokens, begin, start, refresh, getAuthInfo, logout, getActiveOrgId, setActiveOrgId, destroy] =
    // the triggers as given at creation (a copy)
    createSessionEngine(env, authOrigin, timing, emit, { ...options }, pageOf(options.environment), options.tabs);
  // the validators' chunk loads now, so the first refresh's answer seldom waits for it (a failed load is tried again
  // by the request that needs them); with validation compiled out there is none
  if ((globalThis as ValidationSwitch).ORGAUTH_VALIDATION !== "off") loadSessionValidators().catch(() => undefined);
  queueMicrotask(begin); // (a server client's does nothing)

  const deriveSnapshot = createSnapshotDeriver(options.chooseActiveOrg);
  // setActiveOrgId changes the snapshot without a new session state: its subscribers are told here
  const activeOrgListeners = new Set<() => void>();

  const client: AuthClient = {
    authUrl: authOrigin,
    getSnapshot: () => deriveSnapshot(store.getSnapshot(), getActiveOrgId()),
    subscribe(listener) {
      const unsubscribe = store.subscribe(listener);
      activeOrgListeners.add(listener);
      start();
      return () => {
        unsubscribe();
        activeOrgListeners.delete(listener);
      };
    },
    start,
    ...store.observers,
    getAuthInfo: (getOptions) => getAuthInfo(getOptions?.forceRefresh === true),
    getAccessToken: async () => (await getAuthInfo(false))?.accessToken ?? null,
    refresh: () => refresh("forced"),
    async getAccessTokenForOrg(orgId) {
      assertWireOrgId(orgId);
      return env.isBrowser ? orgTokens.get(orgId) : { ok: false, error: "unexpected_error" };
    },
    async logout(logoutOptions) {
      const redirectTo = await logout();
      if (logoutOptions?.redirect && redirectTo !== null) {
        env.navigate(assertServerGivenTarget(redirectTo, "logout response's redirect_to", authOrigin));
      }
    },
    getActiveOrgId: () => resolveActiveOrgId(store.getAuthInfo(), getActiveOrgId(), options.chooseActiveOrg),
    setActiveOrgId(orgId) {
      assertWireOrgId(orgId, true);
      setActiveOrgId(orgId);
      for (const listener of [...activeOrgListeners]) listener();
    },
    destroy,
  };
  clientRegistry.set(client, {
    firstRefresh: begin,
    currentHref: () => env.currentHref(),
    navigate: (url) => env.navigate(url),
    // parsed now, so an invalid origin fails the client's creation (a TypeError), not its first redirect
    allowedRedirectOrigins: options.allowedRedirectOrigins?.map((origin) => new URL(origin).origin),
    transport: {
      ...options.transport,
      timeoutMs: timing.timeoutMs,
      authUrl: authOrigin,
      fetch: (input: string | URL | Request, init?: RequestInit) => env.fetch(input, init),
      timers: env,
    },
  });
  return client;
}
