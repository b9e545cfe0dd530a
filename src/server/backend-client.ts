/**
 * `createBackendClient`: the provider's backend (management) API for an app's server — one method per operation of
 * the contract's `backend` tag, generated (`src/generated/backend-client.ts`), on the server transport. Calls go to
 * the provider's fixed backend host with the auth URL's host name in `X-Propelauth-url` and the integration API key
 * as bearer; `backendUrl` (or a loopback auth URL, i.e. the emulator) sends them elsewhere. Node and edge runtimes.
 */
import { backendOperations } from "../generated/backend-client.js";
import type { BackendOperations } from "../generated/backend-types.js";
import { isLoopbackHost } from "../shared/loopback.js";
import { parseUrl } from "../shared/parse-url.js";
import type { ValidationMode } from "../transport/read-response.js";
import { createServerTransport } from "../transport/server-transport.js";
import { configError } from "./options.js";

/** Where the provider serves its backend API for every project. */
export const PROVIDER_BACKEND_URL = "https://propelauth-api.com";

/** Options of `createBackendClient`. */
export interface BackendClientOptions {
  /** The project's auth URL; its host name picks the project (`X-Propelauth-url`). */
  authUrl: string;
  /** The integration API key (`PROPELAUTH_API_KEY`). */
  apiKey: string;
  /**
   * Where the backend API is served. Default: the provider's backend host, or the auth URL's own origin when the
   * auth URL is a loopback address (the emulator serves the backend API beside its hosted pages).
   */
  backendUrl?: string;
  /** The fetch to call with (tests, proxies). Default `globalThis.fetch` at call time. */
  fetch?: typeof fetch;
  /** Deadline of each call, in milliseconds. Default 10000. */
  timeoutMs?: number;
  /** What an answer that breaks the contract does: throw (default), report and go on, or go unchecked. */
  validation?: ValidationMode;
}

/** The provider's backend API: a method per operation (see `BackendOperations`). */
export type BackendClient = BackendOperations;

/** Where the docs, the emulator's start banner and `serverAuthOptionsFromEnv` keep each setting. */
const SETTING_VARIABLES = { authUrl: "NEXT_PUBLIC_AUTH_URL", apiKey: "PROPELAUTH_API_KEY" } as const;

/** A setting that was not given (undefined or blank): the error names the variable it is usually read from. */
function notSet(setting: keyof typeof SETTING_VARIABLES, value: unknown): Error {
  const variable = SETTING_VARIABLES[setting];
  return configError(
    setting,
    `not set (${JSON.stringify(value) ?? "undefined"}): is ${variable} set? (the emulator's start banner prints it)`,
  );
}

/** Creates the backend API's client for a project (its auth URL) with the integration API key. */
export function createBackendClient(options: BackendClientOptions): BackendClient {
  if (typeof options.authUrl !== "string" || options.authUrl.trim() === "") throw notSet("authUrl", options.authUrl);
  if (typeof options.apiKey !== "string" || options.apiKey.trim() === "") throw notSet("apiKey", options.apiKey);
  const auth = parseUrl(options.authUrl);
  if (!auth || (auth.protocol !== "https:" && auth.protocol !== "http:"))
    throw configError("authUrl", `not an absolute http(s) URL: ${JSON.stringify(options.authUrl)}`);
  const backendUrl = options.backendUrl ?? (isLoopbackHost(auth.hostname) ? auth.origin : PROVIDER_BACKEND_URL);
  const backend = parseUrl(backendUrl);
  if (!backend || (backend.protocol !== "https:" && backend.protocol !== "http:"))
    throw configError("backendUrl", `not an absolute http(s) URL: ${JSON.stringify(backendUrl)}`);
  const transport = createServerTransport({
    authUrl: backend.origin,
    apiKey: options.apiKey,
    headers: { "X-Propelauth-url": auth.hostname },
    ...(options.fetch && { fetch: options.fetch }),
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    ...(options.validation && { validation: options.validation }),
  });
  return backendOperations(transport);
}
