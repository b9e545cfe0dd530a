import { inject } from "vitest";
import { DEMO_PASSWORD, type EmulatorSettings, type OutboxMessage } from "../../src/emulator/index.js";
import * as api from "../../src/generated/operations.js";
import * as server from "../../src/generated/server-operations.js";
import { ssrAuthorizeUrl } from "../../src/generated/server-operations.js";
import { createTransport, type Transport } from "../../src/transport/index.js";
import { createServerTransport, type ServerTransport } from "../../src/transport/server-transport.js";

/** One call as Prism's proxy answered it. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  /** Prism's sl-violations header, a 422 problem (request broke the contract) or a violations 500 (response broke it). */
  violation: string | null;
}

/** Every exchange of this test file, for the violation count. */
export const exchanges: Exchange[] = [];

/** A browser stand-in: a cookie jar in front of fetch, calling the contract through Prism's validating proxy. */
export class Browser {
  private readonly cookies = new Map<string, string>();
  readonly t: Transport;

  constructor() {
    this.t = createTransport({
      authUrl: inject("proxyUrl"),
      fetch: (input, init) => this.fetch(input, init),
      logger: { warn: () => undefined },
    });
  }

  /** Navigates to a contract page (the authorize navigation) through the proxy, recorded, redirects not followed. */
  navigate(url: string): Promise<Response> {
    return this.fetch(url, { redirect: "manual" });
  }

  /** Opens a page or link of the emulator itself (not a contract call), with this browser's cookies. */
  open(url: string, init: RequestInit = {}): Promise<Response> {
    return this.fetch(url, { redirect: "manual", ...init }, false);
  }

  private async fetch(input: RequestInfo | URL, init?: RequestInit, record = true): Promise<Response> {
    return recorded(await this.withCookies(input, init), input, init, record);
  }

  private async withCookies(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    if (this.cookies.size) headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(new Request(request, { headers }));
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const gone = attributes.some((a) => /^\s*max-age=0$/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1).trim());
    }
    return response;
  }

  /** The session cookie's attributes as set, for assertions. */
  hasSession(): boolean {
    return this.cookies.has("__session");
  }
}

/** Records one exchange through the proxy (unless `record` is false) and hands the response back. */
async function recorded(
  response: Response,
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  record = true,
): Promise<Response> {
  if (!record) return response;
  const request = new Request(input, init);
  const problem = response.headers.get("content-type")?.includes("problem+json") ? await response.clone().text() : null;
  exchanges.push({
    method: request.method,
    path: new URL(request.url).pathname,
    status: response.status,
    violation: response.headers.get("sl-violations") ?? problem,
  });
  return response;
}

/** An app's server calling the emulator through the proxy with the integration API key (or another `apiKey`). */
export function serverTransport(apiKey = inject("emulatorApiKey")): ServerTransport {
  return createServerTransport({
    authUrl: inject("proxyUrl"),
    apiKey,
    logger: { warn: () => undefined },
    fetch: async (input, init) => recorded(await fetch(input, init), input, init),
  });
}

/** A redirect URI on an allowed app origin (any loopback port is allowed by default). */
export const APP_CALLBACK = "http://localhost:3000/api/auth/callback";

/**
 * The hosted login for an app's server, as a signed-in browser goes through it: the authorize navigation answers
 * with a redirect to `redirectUri` carrying a one-time code and the state. Returns the code. Opened on the emulator
 * itself: Prism's proxy follows redirects (it would fetch the app's callback), so a redirect cannot pass through it.
 */
export async function authorizeCode(
  browser: Browser,
  redirectUri = APP_CALLBACK,
  state = "s".repeat(64),
): Promise<string> {
  const url = ssrAuthorizeUrl(inject("emulatorUrl"), { redirect_uri: redirectUri, state });
  const response = await browser.open(url);
  const location = new URL(response.headers.get("Location") ?? "", redirectUri);
  if (response.status !== 302 || location.searchParams.get("state") !== state)
    throw new Error(`authorize answered ${response.status} ${location.href}`);
  return location.searchParams.get("code")!;
}

/** A server-side session for `email`: the code from the hosted login exchanged for tokens. */
export async function serverSession(email: string, redirectUri = APP_CALLBACK) {
  const code = await authorizeCode(await loggedIn(email), redirectUri);
  return server.ssrToken(serverTransport(), { body: { redirect_uri: redirectUri, code } });
}

/** The emulator's admin API (not part of the contract, so called directly). */
export const admin = {
  async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${inject("emulatorUrl")}${path}`, {
      method,
      headers: { "Content-Type": "application/json", "x-emulator-secret": inject("emulatorSecret") },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`admin ${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  },
  reset: () => admin.call("POST", "/__emulator/reset"),
  configure: (settings: Partial<EmulatorSettings>) => admin.call("PATCH", "/__emulator/settings", settings),
  updateUser: (userId: string, changes: { enabled?: boolean; locked?: boolean; canCreateOrgs?: boolean }) =>
    admin.call("PATCH", `/__emulator/users/${userId}`, changes),
  async outbox(to?: string): Promise<OutboxMessage[]> {
    const { messages } = (await admin.call(
      "GET",
      `/__emulator/outbox${to ? `?to=${encodeURIComponent(to)}` : ""}`,
    )) as { messages: OutboxMessage[] };
    return messages;
  },
};

/** A browser logged in as `email` (password login; the user must not have MFA on). */
export async function loggedIn(email: string, password = DEMO_PASSWORD): Promise<Browser> {
  const browser = new Browser();
  await api.login(browser.t, { body: { email, password } });
  return browser;
}
