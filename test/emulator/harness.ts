import { inject } from "vitest";
import { DEMO_PASSWORD, type EmulatorSettings, type OutboxMessage } from "../../src/emulator/index.js";
import * as api from "../../src/generated/operations.js";
import { createTransport, type Transport } from "../../src/transport/index.js";

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

  /** Opens a page or link of the emulator itself (not a contract call), with this browser's cookies. */
  open(url: string, init: RequestInit = {}): Promise<Response> {
    return this.fetch(url, { redirect: "manual", ...init }, false);
  }

  private async fetch(input: RequestInfo | URL, init?: RequestInit, record = true): Promise<Response> {
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
    if (!record) return response;
    const problem = response.headers.get("content-type")?.includes("problem+json")
      ? await response.clone().text()
      : null;
    exchanges.push({
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      violation: response.headers.get("sl-violations") ?? problem,
    });
    return response;
  }

  /** The session cookie's attributes as set, for assertions. */
  hasSession(): boolean {
    return this.cookies.has("__session");
  }
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
