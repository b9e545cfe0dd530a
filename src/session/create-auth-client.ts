/**
 * `createAuthClient`: the public, framework-free session client. The first load carries what the page needs before
 * "logged in": the options, the store and the synchronous calls, the persisted org, and the page's first refresh
 * (its first request, or a sibling tab's session through `tabs`). The engine (retries and `Retry-After`, the
 * unreachable state, renewal and the background timer, wake-ups, clock skew, org tokens, logout) is a chunk whose
 * `import()` starts when the client is created, so it arrives while that first refresh is in flight; only the calls
 * that return a promise wait for it. What an app may not call is kept off the client and costs nothing until used:
 * hosted pages (`getHostedPageUrls`, `getRedirectFunctions`), the fe/v3 transport (`getAuthTransport`), SAML login
 * (`loginWithSaml`); cross-tab coordination is passed in (`tabs: tabSync`).
 */
import { toAuthOrigin } from "../transport/auth-url.js";
import { NO_RESPONSE_STATUS, RequestValidationError } from "../transport/errors.js";
import { withinDeadline } from "../transport/exchange.js";
import { withTimeout } from "../transport/timeout.js";
import { isWellFormedString, LONE_SURROGATE_MESSAGE } from "../transport/well-formed.js";
import { createSnapshotDeriver, resolveActiveOrgId } from "./active-org.js";
import { clientRegistry } from "./client-parts.js";
import { loadedEngine, loadEngine } from "./engine-chunk.js";
import { LogoutError, RefreshError } from "./errors.js";
import { engineLibrary } from "./engine-library.js";
import { createDefaultEnvironment } from "./environment.js";
import { createEventEmitter } from "./events.js";
import { firstRefresher } from "./first-refresh.js";
import { warnOnLoopbackMismatch } from "./loopback-origin.js";
import { resolveTiming, type AuthClientOptions } from "./options.js";
import { createPersistedState } from "./persisted-state.js";
import { engineForAnswer, loadSessionValidators, refreshErrorOf } from "./refresh-request.js";
import { assertServerGivenTarget } from "./safe-navigation.js";
import type { SessionCore } from "./session-core.js";
import type { SessionEngine } from "./session-engine.js";
import { createSessionStore } from "./session-store.js";
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
  const triggers = { ...options }; // as given at creation
  const store = createSessionStore(emit);
  const persisted = createPersistedState(env.storage);
  /** `start()` has run; `destroy()` has run. */
  let started = false;
  let destroyed = false;
  /** The engine once its chunk has arrived, and what the client asked of it before. */
  let engine: SessionEngine | undefined;
  const waiting: ((ready: SessionEngine) => void)[] = [];
  const withEngine = (task: (ready: SessionEngine) => void) => (engine ? task(engine) : void waiting.push(task));
  const selection = { id: null as string | null };
  const selectedOrgId = () => (started ? selection.id : persisted.getActiveOrgId());
  const first = firstRefresher(
    { env, authOrigin, timing, emit, page: options.environment, tabs: options.tabs },
    (key, result) => withEngine((ready) => ready[6](key, result)),
  );
  /** Sends the page's first refresh (or joins the one under way) for the selected org, unless told not to. */
  const begin = () => {
    if (destroyed || !env.isBrowser || !(triggers.initialRefresh ?? true) || first.joined()) return;
    const orgId = selectedOrgId();
    first.join(orgId ?? "", orgId, persisted.lastRecorded() !== "logout", undefined).catch(() => undefined);
  };
  function start(): void {
    if (started || destroyed || !env.isBrowser) return;
    started = true;
    selection.id = persisted.getActiveOrgId();
    begin(); // the first request leaves now, not when the engine arrives
    withEngine((ready) => ready[4]()); // run
  }
  const core: SessionCore = [
    env,
    authOrigin,
    timing,
    emit,
    triggers,
    options.tabs,
    store,
    persisted,
    selection,
    engineLibrary(),
    start,
    first.join,
    first.coordinatorOptions,
  ];

  /** The engine, created (and handed what waited for it) the first time its chunk is at hand. */
  const attach = (module: NonNullable<ReturnType<typeof loadedEngine>>): SessionEngine => {
    if (!engine) {
      engine = module.createSessionEngine(core);
      if (destroyed) engine[7](); // destroy
      for (const task of waiting.splice(0)) task(engine);
    }
    return engine;
  };
  /**
   * The engine for a call that returns a promise: its chunk (loading since creation) at most the request timeout
   * away; one that fails to load, or has not arrived by then, fails the call as a request would (a `RefreshError`).
   */
  const ready = async (): Promise<SessionEngine> => {
    if (engine) return engine;
    const deadline = withTimeout(timing.timeoutMs, undefined, env);
    try {
      return attach(await withinDeadline(engineForAnswer(), deadline, timing));
    } catch (error) {
      throw refreshErrorOf(error);
    } finally {
      deadline.dispose();
    }
  };
  const loaded = loadedEngine();
  // its chunk loads now, with the first refresh (a failed load is tried again on use), and the session's validators'
  // chunk beside it (two requests at once, not one after the other); with validation compiled out there is none
  if (loaded) attach(loaded);
  else loadEngine().then(attach, () => undefined);
  if ((globalThis as ValidationSwitch).ORGAUTH_VALIDATION !== "off") loadSessionValidators().catch(() => undefined);
  if (env.isBrowser) queueMicrotask(() => started || begin());

  const deriveSnapshot = createSnapshotDeriver(options.chooseActiveOrg);
  // setActiveOrgId changes the snapshot without a new session state: its subscribers are told here
  const activeOrgListeners = new Set<() => void>();

  const client: AuthClient = {
    authUrl: authOrigin,
    getSnapshot: () => deriveSnapshot(store.getSnapshot(), selectedOrgId()),
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
    onLoggedInChange: store.onLoggedInChange,
    onAccessTokenChange: store.onAccessTokenChange,
    onAuthInfoChange: store.onAuthInfoChange,
    getAuthInfo: async (getOptions) => (await ready())[0](getOptions?.forceRefresh === true),
    getAccessToken: async () => (await (await ready())[0](false))?.accessToken ?? null,
    refresh: async () => (await ready())[1]("forced"),
    async getAccessTokenForOrg(orgId) {
      assertWireOrgId(orgId);
      return env.isBrowser ? (await ready())[3].get(orgId) : { ok: false, error: "unexpected_error" };
    },
    async logout(logoutOptions) {
      const [, , logout] = await ready().catch((error: unknown) => {
        // the engine's chunk did not come: a logout that got no answer
        throw error instanceof RefreshError
          ? new LogoutError(NO_RESPONSE_STATUS, error.message, { cause: error })
          : error;
      });
      const redirectTo = await logout();
      if (logoutOptions?.redirect && redirectTo !== null) {
        env.navigate(assertServerGivenTarget(redirectTo, "logout response's redirect_to", authOrigin));
      }
    },
    getActiveOrgId: () => resolveActiveOrgId(store.getAuthInfo(), selectedOrgId(), options.chooseActiveOrg),
    setActiveOrgId(orgId) {
      assertWireOrgId(orgId, true);
      if (!destroyed && orgId !== selection.id) {
        selection.id = orgId;
        persisted.setActiveOrgId(orgId);
        if (started) withEngine((ready) => ready[5]());
      }
      for (const listener of [...activeOrgListeners]) listener();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      engine?.[7]();
      first.release();
      store.clearListeners();
    },
  };
  clientRegistry.set(client, {
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
