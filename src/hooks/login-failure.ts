/**
 * Why a session cannot be read after the hosted login: worked out from the page's and the auth URL's origins, as
 * a cause and a sentence naming what to change. Logged once per page. Production builds (`process.env.NODE_ENV`
 * set to "production" by the app's bundler) carry the cause and a short sentence; development builds explain it.
 */
import { onOtherLoopbackNames } from "../session/loopback-origin.js";
import { parseUrl } from "../shared/parse-url.js";

/** The likely cause a login-failed fallback names. */
export type LoginFailureCause = "host_name_mismatch" | "third_party_cookies" | "session_not_readable";

/** What the login-failed fallback receives. */
export interface LoginFailure {
  cause: LoginFailureCause;
  /** A sentence naming the likely cause and, in development builds, what to change. */
  message: string;
  /** Forgets the failed trips and sends the user to the hosted login page again. */
  retry(): void;
}

/** The site of a host (its last two labels; an IP address is its own site), with the scheme. */
function siteOf(url: URL): string {
  const host = url.hostname;
  const isAddress = /^[\d.]+$/.test(host) || host.startsWith("[");
  return `${url.protocol}//${isAddress ? host : host.split(".").slice(-2).join(".")}`;
}

/** The likely cause for a page (undefined: unknown) whose session at `auth` cannot be read. */
function causeOf(auth: URL, page: URL | undefined): LoginFailureCause {
  if (page && onOtherLoopbackNames(page, auth)) return "host_name_mismatch";
  if (page && siteOf(page) !== siteOf(auth)) return "third_party_cookies";
  return "session_not_readable";
}

/** The development build's sentence: the cause in full, with what to change. */
function explain(cause: LoginFailureCause, auth: URL, page: URL | undefined): string {
  if (cause === "host_name_mismatch" && page) {
    const sameName = `${page.protocol}//${auth.hostname}${page.port ? `:${page.port}` : ""}`;
    return (
      `The app runs on ${page.origin} and the auth URL is ${auth.origin}: browsers keep cookies apart per host ` +
      `name, so the session the login set is not sent from here. Use one host name for both: open the app at ` +
      `${sameName}, or set the auth URL to ${page.protocol}//${page.hostname}${auth.port ? `:${auth.port}` : ""}.`
    );
  }
  if (cause === "third_party_cookies" && page) {
    return (
      `The auth URL ${auth.origin} is on another site than the app (${page.origin}): the browser treats its ` +
      `session cookie as a third-party cookie and may block it. Serve the auth URL from the app's own domain ` +
      `(e.g. auth.${page.hostname.split(".").slice(-2).join(".")}), or allow third-party cookies for it.`
    );
  }
  return (
    `The login page sent the browser back, but the session still cannot be read from ${auth.origin}: check that ` +
    `the auth URL is the one the provider gives for this app, and that this app's origin is allowed there.`
  );
}

/** The likely cause and the sentence for a page at `pageHref` whose session at `authUrl` cannot be read. */
export function diagnoseLoginFailure(authUrl: string, pageHref: string | null): Omit<LoginFailure, "retry"> {
  const auth = new URL(authUrl);
  const page = pageHref === null ? undefined : parseUrl(pageHref);
  const cause = causeOf(auth, page);
  const message =
    process.env.NODE_ENV === "production" ? `Signing in did not complete (${cause}).` : explain(cause, auth, page);
  return { cause, message };
}

let logged = false;

/** Logs a login failure to the console, once per page. */
export function logLoginFailureOnce(failure: Omit<LoginFailure, "retry">): void {
  if (logged) return;
  logged = true;
  console.error(
    process.env.NODE_ENV === "production"
      ? `orgauth: login_failed (${failure.cause})`
      : `orgauth: came back from the hosted login page and still logged out, so the guard stopped redirecting ` +
          `(${failure.cause}). ${failure.message}`,
  );
}
