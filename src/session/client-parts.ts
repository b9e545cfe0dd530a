/**
 * What the functions that act for a client (hosted-page URLs and redirects, the fe/v3 transport, SAML login) need
 * of it. They live outside the client object so that an app bundles only the ones it calls; a client registers
 * its parts here when it is created, and each function keeps what it builds for the client here too.
 */
import type { Transport, TransportOptions } from "../transport/index.js";
import type { AuthClient, HostedPageUrls, RedirectFunctions } from "./types.js";

/** A client's parts, as `createAuthClient` (or a testing client) registers them. */
export interface ClientParts {
  /** The current page's URL (relative `returnTo` values resolve against it); null on a server. */
  currentHref: () => string | null;
  /** Sends the page's first refresh now instead of a microtask after the client's creation (`<AuthProvider>`'s). */
  firstRefresh?: () => void;
  /** Navigates the page (a testing client records instead). */
  navigate: (url: string) => void;
  /** Origins a `returnTo` may point to besides the current page's. */
  allowedRedirectOrigins?: readonly string[] | undefined;
  /** A server session's auth routes (e.g. `/api/auth`): login and signup go there instead of the hosted pages. */
  appRoutes?: string;
  /** How to build the client's fe/v3 transport on first use (a testing client gives `feTransport` instead). */
  transport?: TransportOptions;
  /** Built on first use (or given), then kept: the same objects on every call. */
  urls?: HostedPageUrls;
  redirects?: RedirectFunctions;
  feTransport?: Transport;
}

/** Each client's parts: a client factory sets its client's entry when it creates it. */
export const clientRegistry = /* @__PURE__ */ new WeakMap<AuthClient, ClientParts>();

/** The parts of a client; a TypeError for an object that no client factory of orgauth created. */
export function clientParts(client: AuthClient): ClientParts {
  const parts = clientRegistry.get(client);
  if (!parts) throw new TypeError("Not an orgauth client");
  return parts;
}
