/**
 * The browser half's session client: orgauth's `AuthClient` over the server session. It starts from the user the
 * server rendered with and stays current through the app's own auth routes (userinfo before the access token
 * expires and when the tab regains focus, set-active-org, logout); the HttpOnly cookies never reach it. It carries
 * no session engine: the server refreshes, this only asks.
 */
import { clientRegistry } from "../../session/client-parts.js";
import type { AuthClient, AuthInfo, AuthSnapshot } from "../../session/types.js";
import { toAuthOrigin } from "../../transport/auth-url.js";
import type { ClientUser } from "../client-user.js";
import { authInfoFromServerUser, readUserinfoAnswer } from "./session-state.js";

/** Options of `createServerSessionClient`. */
export interface ServerSessionClientOptions {
  /** The auth URL (NEXT_PUBLIC_AUTH_URL): hosted pages and the front-end API calls go there. */
  authUrl: string;
  /** The user the server rendered with (`toClientUser(await getUser())`), or null. */
  user: ClientUser | null;
  /** Where the app's auth routes live. Default `/api/auth`. */
  authRoutes?: string;
  /** Ask the userinfo route this many seconds before the access token expires. Default 60. */
  renewBeforeExpirySeconds?: number;
}

/** The client and what the provider alone may do with it. */
export interface ServerSessionClient {
  client: AuthClient;
  /** Takes a newer user the server rendered with (a navigation or `router.refresh()` after a change). */
  adopt(user: ClientUser | null): void;
}

interface Session {
  authInfo: AuthInfo;
  activeOrgId: string | undefined;
  /** When this access token reached the browser: its lifetime as seen here bounds the renewal window. */
  receivedAtSeconds: number;
}

/** The errors this client throws, in the redirects' later chunk (asked for when the client starts). */
const laterParts = () => import("./later-parts.js");
const inBrowser = () => typeof window !== "undefined";
const nowSeconds = () => Date.now() / 1000;
/** The least time between two renewals a timer or focus starts (a clock far off must not make a request loop). */
const MIN_RENEWAL_GAP_MS = 30_000;

/** Creates the session client of `<AuthProvider>` (orgauth/nextjs/client). */
export function createServerSessionClient(options: ServerSessionClientOptions): ServerSessionClient {
  const authOrigin = toAuthOrigin(options.authUrl);
  const routes = options.authRoutes ?? "/api/auth";
  const renewBefore = options.renewBeforeExpirySeconds ?? 60;
  const toSession = (user: ClientUser | null): Session | null =>
    user
      ? { authInfo: authInfoFromServerUser(user), activeOrgId: user.activeOrgId, receivedAtSeconds: nowSeconds() }
      : null;
  let session = toSession(options.user);
  let unreachable: boolean | undefined;
  let snapshot: AuthSnapshot = deriveSnapshot();
  const listeners = new Set<() => void>();
  let inFlight: Promise<AuthInfo | null> | null = null;
  /** Bumped by every change the user asks for (logout, org switch): an answer to an older request is dropped. */
  let epoch = 0;
  let lastRenewal = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started: boolean | undefined;

  function activeOrgOf(current: Session): string | null {
    const orgs = current.authInfo.orgIdToOrgMembership;
    if (current.activeOrgId !== undefined && Object.hasOwn(orgs, current.activeOrgId)) return current.activeOrgId;
    return Object.keys(orgs)[0] ?? null;
  }

  function deriveSnapshot(): AuthSnapshot {
    if (session) return { status: "logged_in", authInfo: session.authInfo, activeOrgId: activeOrgOf(session) };
    return { status: unreachable ? "unreachable" : "logged_out" };
  }

  /** Replaces the session, tells every listener (and so every observer whose value changed), re-arms the timer. */
  function update(next: Session | null, nextUnreachable?: boolean): void {
    session = next;
    unreachable = nextUnreachable;
    snapshot = deriveSnapshot();
    for (const listener of [...listeners]) listener();
    if (started) arm();
  }

  /** One request to an auth route that answers the userinfo shape; null (and logged out) on 401. */
  async function ask(path: string, init: RequestInit = {}): Promise<AuthInfo | null> {
    const asked = epoch;
    const stale = () => asked !== epoch;
    lastRenewal = Date.now();
    let response: Response;
    try {
      response = await fetch(`${routes}/${path}`, { credentials: "same-origin", cache: "no-store", ...init });
    } catch (error) {
      const expired = !session || session.authInfo.expiresAtSeconds <= nowSeconds();
      if (expired && !stale()) update(null, true);
      throw new (await laterParts()).RefreshError(503, `${routes}/${path} unreachable`, "network", undefined, {
        cause: error,
      });
    }
    if (stale()) return session?.authInfo ?? null;
    if (response.status === 401) {
      update(null);
      return null;
    }
    let cause: unknown;
    const answer = response.ok
      ? readUserinfoAnswer(
          await response.json().catch((error: unknown) => {
            cause = error; // a body that is not JSON: the parser's error
          }),
        )
      : undefined;
    if (!answer) {
      throw new (await laterParts()).RefreshError(
        response.status,
        `${routes}/${path} answered ${response.status}`,
        response.ok ? "parse" : "http",
        undefined,
        { cause },
      );
    }
    if (stale()) return session?.authInfo ?? null;
    // the same token as before keeps the time it first arrived (an answer implies the session was there)
    const receivedAtSeconds =
      session?.authInfo.accessToken === answer.authInfo.accessToken ? session.receivedAtSeconds : nowSeconds();
    update({ authInfo: answer.authInfo, activeOrgId: answer.activeOrgId ?? session?.activeOrgId, receivedAtSeconds });
    return answer.authInfo;
  }

  /** Asks the userinfo route; one request in flight at a time. */
  function refresh(): Promise<AuthInfo | null> {
    inFlight ??= ask("userinfo").finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  /**
   * When the session is due for renewal: `renewBefore` seconds before expiry, at most half the token's lifetime as
   * seen here (the server refreshes no sooner than half its lifetime either, so an earlier ask would renew nothing).
   */
  function renewalAtSeconds(current: Session): number {
    const { expiresAtSeconds } = current.authInfo;
    return expiresAtSeconds - Math.min(renewBefore, (expiresAtSeconds - current.receivedAtSeconds) / 2);
  }

  /** Renews when due (never sooner than the least gap after the last renewal). */
  function arm(): void {
    clearTimeout(timer);
    if (!session) return;
    const dueMs = (renewalAtSeconds(session) - nowSeconds()) * 1000;
    const waitMs = Math.max(dueMs, lastRenewal + MIN_RENEWAL_GAP_MS - Date.now(), 0);
    timer = setTimeout(renew, Math.min(waitMs, 2 ** 31 - 1));
  }

  /** A renewal nobody waits for (a failure shows in the snapshot, or not at all while the token holds). */
  const renew = () => void refresh().catch(() => undefined);

  const onFocus = () => {
    if (document.visibilityState === "visible" && Date.now() - lastRenewal >= MIN_RENEWAL_GAP_MS) renew();
  };

  function start(): void {
    if (started || !inBrowser()) return;
    started = true;
    // the errors' chunk arrives now, while the network is there: a failure later still throws a typed error
    void laterParts().catch(() => undefined);
    document.addEventListener("visibilitychange", onFocus);
    window.addEventListener("focus", onFocus);
    // the fields the token does not carry (picture, MFA, …) arrive with the first answer, right after hydration
    if (session && lastRenewal === 0) renew();
    else arm();
  }

  function stop(): void {
    if (!started) return;
    started = false;
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", onFocus);
    window.removeEventListener("focus", onFocus);
  }

  /** An observer of one value of the session: called with it each time it changes. */
  const observer =
    <T>(read: () => T) =>
    (listener: (value: T) => void) => {
      let last = read();
      const onUpdate = () => {
        const value = read();
        if (value === last) return;
        last = value;
        listener(value);
      };
      listeners.add(onUpdate);
      return () => void listeners.delete(onUpdate);
    };

  /** The session's token; asks the server when it expired, or is due and was not asked within the least gap. */
  async function getAuthInfo(getOptions?: { forceRefresh?: boolean }): Promise<AuthInfo | null> {
    if (inFlight) return inFlight;
    const now = nowSeconds();
    const ask =
      getOptions?.forceRefresh ||
      !session ||
      session.authInfo.expiresAtSeconds <= now ||
      (renewalAtSeconds(session) <= now && Date.now() - lastRenewal >= MIN_RENEWAL_GAP_MS);
    return ask ? refresh() : session!.authInfo;
  }

  const client: AuthClient = {
    authUrl: authOrigin,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      start();
      return () => void listeners.delete(listener);
    },
    start,
    onLoggedInChange: observer(() => session !== null),
    onAccessTokenChange: observer(() => session?.authInfo.accessToken ?? null),
    onAuthInfoChange: observer(() => session?.authInfo ?? null),
    getAuthInfo,
    getAccessToken: async () => (await getAuthInfo())?.accessToken ?? null,
    refresh,
    // org-scoped tokens come from the auth host's browser session, which the server session does not use; the
    // provider's Next.js library has none either: `setActiveOrg` re-issues the session's token for an org
    getAccessTokenForOrg: async () => ({ ok: false, error: "unsupported_by_server_session" }),
    async logout(logoutOptions) {
      epoch++;
      // a renewal in flight may set fresh cookies: its answer must land before the logout's clears them
      await inFlight?.catch(() => undefined);
      let response: Response;
      try {
        response = await fetch(`${routes}/logout`, { credentials: "same-origin", method: "POST" });
      } catch (error) {
        throw new (await laterParts()).LogoutError(0, "unreachable", { cause: error });
      }
      if (!response.ok) throw new (await laterParts()).LogoutError(response.status, response.statusText);
      update(null);
      if (logoutOptions?.redirect) window.location.reload();
    },
    getActiveOrgId: () => (session ? activeOrgOf(session) : null),
    setActiveOrgId(orgId) {
      if (!session) return;
      epoch++;
      update({ ...session, activeOrgId: orgId ?? undefined });
      if (orgId === null) return;
      const switched = ask(`set-active-org?active_org_id=${encodeURIComponent(orgId)}`, { method: "POST" }).finally(
        () => {
          if (inFlight === switched) inFlight = null;
        },
      );
      inFlight = switched; // getAuthInfo waits for the switch
      switched.catch(() => undefined);
    },
    destroy: stop,
  };
  // the hosted-page URLs and redirects are built on first use, as for every client; login and signup are the app's
  clientRegistry.set(client, {
    currentHref: () => (inBrowser() ? window.location.href : null),
    navigate: (url) => window.location.assign(url),
    transport: { authUrl: authOrigin },
    appRoutes: routes,
  });

  function adopt(user: ClientUser | null): void {
    const next = toSession(user);
    const newer = next && (!session || next.authInfo.expiresAtSeconds > session.authInfo.expiresAtSeconds);
    if (newer) update(next);
    else if (!next && session) update(null);
  }
  return { client, adopt };
}
