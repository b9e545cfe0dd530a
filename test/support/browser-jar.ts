/**
 * A browser's cookie jar for one host, enough for the server session's tests: keeps `Set-Cookie` lines (deleting on
 * `Max-Age=0`), sends back those whose `Path` covers the request, and follows the app's redirects on request.
 */
import type { ServerAuth } from "../../src/server/index.js";

interface StoredCookie {
  value: string;
  path: string;
  attributes: string;
}

/** A jar plus helpers to send requests to `handleAuthRoute` the way a browser would. */
export class BrowserJar {
  readonly cookies = new Map<string, StoredCookie>();

  /** Stores the `Set-Cookie` lines of a response. */
  take(response: Response | { setCookies: string[] }): void {
    const lines = response instanceof Response ? response.headers.getSetCookie() : response.setCookies;
    for (const line of lines) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const path = attributes.find((part) => part.startsWith("Path="))?.slice(5) ?? "/";
      if (attributes.includes("Max-Age=0")) this.cookies.delete(name);
      else this.cookies.set(name, { value: pair.slice(at + 1), path, attributes: attributes.join("; ") });
    }
  }

  /** The `Cookie` header for a URL. */
  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies]
      .filter(([, cookie]) => pathname === cookie.path || pathname.startsWith(cookie.path.replace(/\/?$/, "/")))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join("; ");
  }

  /** A request from this browser. */
  request(url: string, init: RequestInit = {}): Request {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set("cookie", cookie);
    return new Request(url, { ...init, headers });
  }

  /** Sends a request to the auth routes and keeps its cookies. */
  async send(auth: ServerAuth, url: string, init: RequestInit = {}): Promise<Response> {
    const response = await auth.handleAuthRoute(this.request(url, init));
    this.take(response);
    return response;
  }
}

/** The Location of a redirect response (fails the test when it is not a redirect). */
export function locationOf(response: Response): string {
  if (response.status < 300 || response.status >= 400) {
    throw new Error(`expected a redirect, got ${response.status}: ${response.headers.get("x-orgauth-error") ?? ""}`);
  }
  return response.headers.get("location") ?? "";
}
