/**
 * `localhost` and `127.0.0.1` name the same machine, but browsers keep cookies apart per host name: an app on
 * `http://localhost:5173` never sends the session cookie an auth server on `http://127.0.0.1:4020` set (another
 * site for SameSite, a partitioned or blocked third-party cookie elsewhere). The app would look logged out after
 * every login. The client says so in the console the moment it is created on such a page, naming what to change
 * (in development builds: a production build, `process.env.NODE_ENV` "production", carries no such check).
 */
import { isLoopbackHost } from "../shared/loopback.js";
import { parseUrl } from "../shared/parse-url.js";

const warned = new Set<string>();

/** Whether two addresses name this machine under different loopback host names (cookies are not shared). */
export function onOtherLoopbackNames(page: URL, auth: URL): boolean {
  return isLoopbackHost(page.hostname) && isLoopbackHost(auth.hostname) && page.hostname !== auth.hostname;
}

/**
 * Warns once per pair when the page at `pageHref` and `authOrigin` are both on loopback under different host
 * names, with the two ways to make them one.
 */
export function warnOnLoopbackMismatch(
  authOrigin: string,
  pageHref: string | null,
  warn: (message: string) => void = console.warn,
): void {
  if (process.env.NODE_ENV === "production" || pageHref === null) return;
  const page = parseUrl(pageHref);
  if (!page) return;
  const auth = new URL(authOrigin);
  if (!onOtherLoopbackNames(page, auth)) return;
  const key = `${auth.origin} ${page.origin}`;
  if (warned.has(key)) return;
  warned.add(key);
  const appOnAuthName = `${page.protocol}//${auth.hostname}${page.port ? `:${page.port}` : ""}`;
  const authOnAppName = `${auth.protocol}//${page.hostname}${auth.port ? `:${auth.port}` : ""}`;
  warn(
    `orgauth: this page is on ${page.hostname} and the auth URL ${auth.origin} on ${auth.hostname}. Both name this ` +
      `machine, but browsers keep cookies apart per host name, so the session cookie set at ${auth.hostname} is ` +
      `not sent from ${page.hostname} and the app will look logged out after every login. Use one host name: set ` +
      `the auth URL to ${authOnAppName}, or open the app at ${appOnAuthName}.`,
  );
}
