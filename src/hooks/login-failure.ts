/**
 * Why a session cannot be read after the hosted login: worked out from the page's and the auth URL's origins, as
 * a cause and a sentence naming what to change. Logged once per page.
 */
import { onOtherLoopbackNames } from "../session/loopback-origin.js";

/** The likely cause a login-failed fallback names. */
export type LoginFailureCause = "host_name_mismatch" | "third_party_cookies" | "session_not_readable";

/** What the login-failed fallback receives. */
export interface LoginFailure {
  cause: LoginFailureCause;
  /** A sentence for developers naming the likely cause and what to change. */
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

/** The likely cause and the sentence for a page at `pageHref` whose session at `authUrl` cannot be read. */
export function diagnoseLoginFailure(authUrl: string, pageHref: string | null): Omit<LoginFailure, "retry"> {
  const auth = new URL(authUrl);
  const page = pageHref !== null && URL.canParse(pageHref) ? new URL(pageHref) : null;
  if (page && onOtherLoopbackNames(page, auth)) {
    const sameName = `${page.protocol}//${auth.hostname}${page.port ? `:${page.port}` : ""}`;
    return {
      cause: "host_name_mismatch",
      message:
        `The app runs on ${page.origin} and the auth URL is ${auth.origin}: browsers keep cookies apart per host ` +
        `name, so the session the login set is not sent from here. Use one host name for both: open the app at ` +
        `${sameName}, or set the auth URL to ${page.protocol}//${page.hostname}${auth.port ? `:${auth.port}` : ""}.`,
    };
  }
  if (page && siteOf(page) !== siteOf(auth)) {
    return {
      cause: "third_party_cookies",
      message:
        `The auth URL ${auth.origin} is on another site than the app (${page.origin}): the browser treats its ` +
        `session cookie as a third-party cookie and may block it. Serve the auth URL from the app's own domain ` +
        `(e.g. auth.${page.hostname.split(".").slice(-2).join(".")}), or allow third-party cookies for it.`,
    };
  }
  return {
    cause: "session_not_readable",
    message:
      `The login page sent the browser back, but the session still cannot be read from ${auth.origin}: check that ` +
      `the auth URL is the one the provider gives for this app, and that this app's origin is allowed there.`,
  };
}

let logged = false;

/** Logs a login failure to the console, once per page. */
export function logLoginFailureOnce(failure: Omit<LoginFailure, "retry">): void {
  if (logged) return;
  logged = true;
  console.error(
    `orgauth: came back from the hosted login page and still logged out, so the guard stopped redirecting ` +
      `(${failure.cause}). ${failure.message}`,
  );
}
