/**
 * A real session client pointed at a Prism mock of the contract, with the mock's example chosen per operation
 * (`Prefer` header), every request recorded, navigation recorded instead of performed, and in-memory storage.
 */
import { allOperations, type OperationId } from "../generated/operations.js";
import {
  createAuthClient,
  createBrowserEnvironment,
  type AuthClient,
  type AuthClientOptions,
  type KeyValueStore,
} from "../session/index.js";

/** One request the client made. */
export interface RecordedRequest {
  /** The operation, or null for a URL the contract does not describe. */
  operationId: OperationId | null;
  method: string;
  url: string;
  /** The `Prefer` header sent with it, if any. */
  prefer: string | undefined;
}

/** Options of `createPrismAuthClient`. */
export interface PrismAuthClientOptions extends Omit<AuthClientOptions, "authUrl" | "environment"> {
  /** Base URL of the Prism mock. */
  prismUrl: string;
  /** `Prefer` value per operation, e.g. `{ login: "example=TwoFactorRequired", refreshToken: "code=401" }`. */
  prefer?: Partial<Record<OperationId, string>>;
}

/** The client plus what the test controls and observes. */
export interface PrismAuthClient {
  client: AuthClient;
  /** Mutable: change an entry to pick another example for the following calls. */
  prefer: Partial<Record<OperationId, string>>;
  /** Every request, in order. */
  requests: RecordedRequest[];
  /** Every navigation the client asked for, in order. */
  navigations: string[];
  /** The requests made for one operation. */
  requestsOf(operationId: OperationId): RecordedRequest[];
}

interface Route {
  operationId: OperationId;
  method: string;
  pattern: RegExp;
}

function routes(): Route[] {
  return allOperations.map((op) => ({
    operationId: op.operationId,
    method: op.method,
    pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
  }));
}

function memoryStorage(): KeyValueStore {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function describeRequest(
  input: string | URL | Request,
  init: RequestInit | undefined,
): { url: string; method: string } {
  if (typeof input === "string") return { url: input, method: init?.method ?? "GET" };
  if (input instanceof URL) return { url: input.href, method: init?.method ?? "GET" };
  return { url: input.url, method: init?.method ?? input.method };
}

/** Creates a session client against Prism; nothing is shared with other clients (storage, tabs, timers on wake). */
export function createPrismAuthClient(options: PrismAuthClientOptions): PrismAuthClient {
  const { prismUrl, prefer = {}, ...clientOptions } = options;
  const table = routes();
  const requests: RecordedRequest[] = [];
  const navigations: string[] = [];
  const fetchWithPrefer = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const { url, method } = describeRequest(input, init);
    const pathname = new URL(url).pathname;
    const route = table.find((r) => r.method === method.toUpperCase() && r.pattern.test(pathname));
    const value = route ? prefer[route.operationId] : undefined;
    requests.push({ operationId: route?.operationId ?? null, method: method.toUpperCase(), url, prefer: value });
    if (value === undefined) return globalThis.fetch(input, init);
    if (input instanceof Request) {
      input.headers.set("Prefer", value);
      return globalThis.fetch(input, init);
    }
    const headers = new Headers(init?.headers);
    headers.set("Prefer", value);
    return globalThis.fetch(input, { ...init, headers });
  };
  const environment = createBrowserEnvironment({
    fetch: fetchWithPrefer,
    storage: memoryStorage(),
    onWake: () => () => undefined,
    onStorageChange: () => () => undefined,
    openChannel: () => null,
    locks: null,
    navigate: (url) => void navigations.push(url),
  });
  const client = createAuthClient({ ...clientOptions, authUrl: prismUrl, environment });
  return {
    client,
    prefer,
    requests,
    navigations,
    requestsOf: (operationId) => requests.filter((r) => r.operationId === operationId),
  };
}
