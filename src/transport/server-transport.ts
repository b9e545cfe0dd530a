/**
 * The transport of the calls an app's server makes to the auth host (the contract's `server` tag): the integration
 * API key as `Authorization: Bearer`, no CSRF header, no browser credentials. Only server entries import this
 * module (and the generated `server-operations.ts` that runs on it); the browser entries never reach it.
 */
import { OrgauthError } from "../shared/orgauth-error.js";
import { toAuthOrigin } from "./auth-url.js";
import { compiledValidators } from "./compiled-check.js";
import { createTransport, type Transport, type TransportOptions } from "./create-transport.js";
import type { OperationDescriptor, RegisteredOperationId as OperationId, RequestOptions } from "./operation.js";
import { RequestValidationError } from "./errors.js";
import { operationUrl } from "./request-url.js";
import { serverFetch as defaultServerFetch } from "./server-fetch.js";
import { withStatusCodes } from "./status-error.js";
import { LONE_SURROGATE_MESSAGE } from "./well-formed.js";

/** A server-side option that is missing or unusable (the integration API key); nothing was sent. */
export class ServerConfigurationError extends OrgauthError {
  override readonly name = "ServerConfigurationError";
  readonly type = "server_configuration";

  /** The option at fault. */
  declare readonly option: string;

  /** `options.cause`: the error that made the option unusable (a key the crypto library refused). */
  constructor(option: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.option = option;
  }
}

/** Options of `createServerTransport`. */
export interface ServerTransportOptions extends Omit<TransportOptions, "timers"> {
  /** The project's integration API key, sent as `Authorization: Bearer <apiKey>` on the calls that take it. */
  apiKey: string;
}

/** The transport under the generated server fetchers (the type keeps a browser transport out of them). */
export interface ServerTransport extends Transport {
  /** Marks the transport as the server's: the generated server fetchers take nothing else. */
  readonly surface: "server";
}

/** Creates the server's transport for an auth host: API key as bearer, JSON, timeouts, typed errors, validation by status. */
export function createServerTransport(options: ServerTransportOptions): ServerTransport {
  const apiKey = typeof options.apiKey === "string" ? options.apiKey.trim() : "";
  if (!apiKey || /\s/.test(apiKey))
    throw new ServerConfigurationError("apiKey", "The integration API key is missing or contains white space");
  const extra = options.headers;
  // The API key goes first: a call that authorises itself otherwise (userinfo's access token) overrides it. Fixed
  // headers are merged here once, not on every call; only headers given as a function are read per call.
  const bearer = { Authorization: `Bearer ${apiKey}` };
  const headers = typeof extra === "function" ? () => ({ ...bearer, ...extra() }) : { ...bearer, ...extra };
  const serverFetch = options.fetch;
  // No browser credentials: the browser transport's `credentials: "include"` is left out (a server runtime may
  // refuse the option). The browser's own transport stays as it is, byte for byte. Without a fetch of the app's,
  // calls go over node:http(s) on Node and to the global fetch elsewhere (server-fetch.ts).
  const fetch: typeof globalThis.fetch = (input, init) => {
    const { credentials: _browserOnly, ...serverInit } = init ?? {};
    return (serverFetch ?? defaultServerFetch)(input, serverInit);
  };
  const over = (calling: typeof globalThis.fetch): Transport =>
    createTransport({ ...options, headers, fetch: calling });
  const transport = over(fetch);
  // Each operation is called through its route, made on its first call: its descriptor, whose validators are
  // compiled on loading (zod's parse only for what the compiled checks do not vouch for), and its transport. The
  // backend API's errors carry no error_code: an operation whose status decides it calls through a fetch that
  // rewrites its error answers into the contract's error body.
  const routes = new WeakMap<OperationDescriptor, Route>();
  const routeOf = (op: OperationDescriptor): Route => {
    let route = routes.get(op);
    if (!route) {
      const validators = () =>
        op.validators().then((loaded) => ({ validators: compiledValidators(loaded.validators) }));
      route = {
        op: { ...op, validators },
        transport: op.statusCodes ? over(withStatusCodes(fetch, op.statusCodes)) : transport,
      };
      routes.set(op, route);
    }
    return route;
  };
  return {
    ...transport,
    surface: "server",
    call: (op, request, callOptions) => {
      const route = routeOf(op);
      return route.transport.call(route.op, request, callOptions);
    },
  };
}

/** How the server transport calls one operation. */
interface Route {
  op: OperationDescriptor;
  transport: Transport;
}

/** Per-call options that authorise the call with a user's access token instead of the API key. */
export function withAccessToken(
  options: RequestOptions | undefined,
  operationId: OperationId,
  accessToken: string,
): RequestOptions {
  if (typeof accessToken !== "string" || !accessToken || /\s/.test(accessToken))
    throw new RequestValidationError(operationId, [{ path: ["accessToken"], message: "must be a non-empty token" }]);
  return { ...options, headers: { ...options?.headers, Authorization: `Bearer ${accessToken}` } };
}

/** What a URL builder knows about a browser navigation of the contract (an operation answered with a page or a redirect). */
export interface NavigationDescriptor<Id extends string = string> {
  readonly operationId: Id;
  readonly path: string;
  /** Query parameters the contract requires. */
  readonly required: readonly string[];
}

/** The absolute URL of a navigation on the auth host: its path and query (values encoded, undefined left out). */
export function navigationUrl(
  authUrl: string,
  navigation: NavigationDescriptor,
  query: Readonly<Record<string, string | number | boolean | undefined>>,
): string {
  const operationId = navigation.operationId as OperationId;
  const missing = navigation.required.filter((name) => query[name] === undefined || query[name] === "");
  if (missing.length)
    throw new RequestValidationError(
      operationId,
      missing.map((name) => ({ path: ["query", name], message: "is required" })),
    );
  const descriptor = {
    operationId,
    method: "GET",
    path: navigation.path,
    responses: {},
    validators: noValidators,
  } as const;
  return operationUrl(toAuthOrigin(authUrl), descriptor, { query: withEncodedNames(operationId, query) });
}

/**
 * The query with each name percent-encoded: the URL builder writes names as they are (the contract's are plain),
 * but a navigation passes through names the caller chose, and one holding "&" or "=" would split the query.
 */
function withEncodedNames(
  operationId: OperationId,
  query: Readonly<Record<string, string | number | boolean | undefined>>,
): Record<string, string | number | boolean | undefined> {
  const encoded: Record<string, string | number | boolean | undefined> = {};
  for (const [name, value] of Object.entries(query)) {
    try {
      encoded[encodeURIComponent(name)] = value;
    } catch (error) {
      const issues = [{ path: ["query", name], message: LONE_SURROGATE_MESSAGE }];
      throw new RequestValidationError(operationId, issues, { cause: error });
    }
  }
  return encoded;
}

const noValidators = () => Promise.resolve({ validators: { responses: {} } });
