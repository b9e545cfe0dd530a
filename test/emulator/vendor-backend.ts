import { initBaseAuth } from "@propelauth/node";
import { inject } from "vitest";
import {
  DEMO_PASSWORD,
  type EmulatorSeed,
  type EmulatorSettings,
  type OutboxMessage,
  type RunningEmulator,
} from "../../src/emulator/index.js";

/** The one backend host the provider's library calls, whatever its auth URL. */
export const VENDOR_BACKEND = "https://propelauth-api.com";

/** One backend call that broke the contract, as Prism's validating proxy reported it. */
export interface Violation {
  method: string;
  path: string;
  status: number;
  problem: string;
}

/**
 * Sends the provider library's calls to `target()` instead of its fixed backend host, by wrapping the global fetch
 * it looks up at call time (as docs/emulator.md shows); every other call goes through untouched. Answers Prism
 * marked as violations (its `sl-violations` header, a 422 or 500 problem) are added to `violations`. Returns the undo.
 */
export function redirectVendorBackend(target: () => string, violations: Violation[] = []): () => void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(`${VENDOR_BACKEND}/`)) return realFetch(input, init);
    const redirected = `${target()}${url.slice(VENDOR_BACKEND.length)}`;
    const response = await (input instanceof Request
      ? realFetch(new Request(redirected, input), init)
      : realFetch(redirected, init));
    const problem = response.headers.get("content-type")?.includes("problem+json")
      ? await response.clone().text()
      : null;
    const violation = response.headers.get("sl-violations") ?? problem;
    if (violation !== null) {
      const method = init?.method ?? (input instanceof Request ? input.method : "GET");
      violations.push({ method, path: new URL(redirected).pathname, status: response.status, problem: violation });
    }
    return response;
  };
  return () => {
    globalThis.fetch = realFetch;
  };
}

/** The stage's demo-seeded emulator (test/emulator/vendor-global-setup.ts), driven through its admin API. */
export type SharedEmulator = ReturnType<typeof sharedEmulator>;

/** The stage's shared demo-seeded emulator: its addresses and keys, and reset, outbox and export over the admin API. */
export function sharedEmulator() {
  const emulator = inject("vendorEmulator");
  const admin = adminApi(emulator);
  return {
    ...emulator,
    reset: async () => void (await admin("/reset", "POST")),
    outbox: async (to: string) =>
      (await admin<{ messages: OutboxMessage[] }>(`/outbox?to=${encodeURIComponent(to)}`)).messages,
    exportSeed: () => admin<EmulatorSeed>("/seed"),
    configure: (changes: Partial<EmulatorSettings>) => admin<EmulatorSettings>("/settings", "PATCH", changes),
  };
}

/**
 * The stage's shared demo-seeded emulator and the unmodified provider library pointed at it through the shared Prism
 * validating proxy on the contract: `violations` collects every backend call of this file that broke it.
 */
export function vendorOnEmulator(): {
  emulator: SharedEmulator;
  auth: ReturnType<typeof initBaseAuth>;
  violations: Violation[];
  stop: () => void;
} {
  const emulator = sharedEmulator();
  const proxyUrl = inject("vendorProxyUrl");
  const violations: Violation[] = [];
  const stop = redirectVendorBackend(() => proxyUrl, violations);
  const auth = initBaseAuth({ authUrl: emulator.authUrl, apiKey: emulator.apiKey });
  return { emulator, auth, violations, stop };
}

/** A browser on the emulator's front-end API: the session cookie from a password login, sent on every call. */
export class FrontEnd {
  private constructor(
    private readonly base: string,
    private readonly cookie: string,
    /** The login's answer: its status and body. */
    readonly login: { status: number; body: Record<string, unknown> },
  ) {}

  /** Logs in with a password (the call the hosted login page makes). */
  static async login(base: string, email: string, password = DEMO_PASSWORD): Promise<FrontEnd> {
    const answer = await fetch(`${base}/api/fe/v3/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
      body: JSON.stringify({ email, password }),
    });
    const cookie = answer.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    return new FrontEnd(base, cookie, {
      status: answer.status,
      body: (await answer.json()) as Record<string, unknown>,
    });
  }

  /** Calls the front-end API (or the refresh call) with the session; answers the status and the JSON body. */
  async call<T = unknown>(path: string, method = "GET", body?: unknown): Promise<{ status: number; json: T }> {
    const answer = await fetch(`${this.base}${path}`, {
      method,
      headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-", Cookie: this.cookie },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    return { status: answer.status, json: text ? JSON.parse(text) : null };
  }
}

/** The emulator's admin API, with its secret. */
export function adminApi(emulator: Pick<RunningEmulator, "url" | "secret">) {
  return async <T>(path: string, method = "GET", body?: unknown): Promise<T> => {
    const answer = await fetch(`${emulator.url}/__emulator${path}`, {
      method,
      headers: { "Content-Type": "application/json", "x-emulator-secret": emulator.secret },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!answer.ok) throw new Error(`admin ${method} ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  };
}

/** An error of the provider's library: its message, and its field errors when it is a field exception. */
type VendorError = Error & { fieldToErrors: Record<string, string[]> };

/** What a promise rejected with (or a failure when it resolved). */
export async function rejection(promise: Promise<unknown>): Promise<VendorError> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error as VendorError,
  );
}
