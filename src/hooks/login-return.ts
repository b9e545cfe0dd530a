/**
 * Knowing, without the server's help, that the browser just came back from the hosted login page: before a guard
 * sends the user there it records the trip in sessionStorage (this tab only): the page the login page is to send
 * the browser back to, how many trips in a row went there, and when. A logged-in session clears the record. Only a
 * guard on that very page, while still logged out, counts as back from the login page: a visitor who leaves the
 * login page for another page of the app made no round trip. Back at the limit, recently, the guard stops
 * redirecting: the login happened (or was tried) and the session still cannot be read, so another trip would loop.
 */

const KEY = "orgauth:login-redirects";
/** Trips to the hosted login page a guard makes before it shows the login-failed fallback instead. */
export const MAX_LOGIN_REDIRECTS = 2;
/** Trips older than this are forgotten (a login page left open for long is a fresh start). */
const WINDOW_MS = 10 * 60_000;

interface Trips {
  /** The path of the page the trips return to (the query and hash may differ on the way back). */
  page: string;
  count: number;
  at: number;
}

/** The recent trips (null: none, or only old ones); the record is this module's own, so its shape is trusted. */
function readTrips(now: number): Trips | null {
  try {
    const trips = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Trips | null;
    return trips && now - trips.at < WINDOW_MS ? trips : null;
  } catch {
    return null; // no storage (a server, storage disabled) or an unreadable record: no trips
  }
}

/** Records one trip to the hosted login page that returns to `returnTo` (call it right before navigating there). */
export function recordLoginRedirect(returnTo: string, now = Date.now()): void {
  // the path of the page the trip returns to (sessionStorage is per origin)
  const page = new URL(returnTo, location.href).pathname;
  const trips = readTrips(now);
  const count = trips?.page === page ? trips.count + 1 : 1;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ page, count, at: now } satisfies Trips));
  } catch {
    // no storage, or it is full or disabled: nothing to count with
  }
}

/** True when this tab came back to this page from the hosted login page the maximum number of times, recently. */
export function loginRedirectsExhausted(now = Date.now()): boolean {
  const trips = readTrips(now);
  return trips !== null && trips.count >= MAX_LOGIN_REDIRECTS && trips.page === globalThis.location?.pathname;
}

/** Forgets the trips (a session was read, or the user asked to try again). */
export function clearLoginRedirects(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // no storage: nothing stored
  }
}
