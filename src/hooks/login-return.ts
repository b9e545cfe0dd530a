/**
 * Knowing, without the server's help, that the browser just came back from the hosted login page: before a guard
 * sends the user there it counts the trip in sessionStorage (this tab only) with a timestamp; a logged-in session
 * clears the count. A guard that finds the count at the limit, recently, while still logged out, stops redirecting:
 * the login happened (or was tried) and the session still cannot be read, so another trip would only loop.
 */

const KEY = "orgauth:login-redirects";
/** Trips to the hosted login page a guard makes before it shows the login-failed fallback instead. */
export const MAX_LOGIN_REDIRECTS = 2;
/** Trips older than this are forgotten (a login page left open for long is a fresh start). */
const WINDOW_MS = 10 * 60_000;

interface Trips {
  count: number;
  at: number;
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage disabled: no count, guards behave as before
  }
}

function readTrips(now: number): Trips {
  try {
    const value = JSON.parse(storage()?.getItem(KEY) ?? "null") as Partial<Trips> | null;
    if (typeof value?.count === "number" && typeof value.at === "number" && now - value.at < WINDOW_MS) {
      return value as Trips;
    }
  } catch {
    // an unreadable marker counts as none
  }
  return { count: 0, at: now };
}

/** Counts one trip to the hosted login page (call it right before navigating there). */
export function recordLoginRedirect(now = Date.now()): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ count: readTrips(now).count + 1, at: now }));
  } catch {
    // storage full or disabled: nothing to count with
  }
}

/** True when this tab already went to the hosted login page the maximum number of times, recently. */
export function loginRedirectsExhausted(now = Date.now()): boolean {
  return readTrips(now).count >= MAX_LOGIN_REDIRECTS;
}

/** Forgets the trips (a session was read, or the user asked to try again). */
export function clearLoginRedirects(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
