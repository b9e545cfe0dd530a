/** A client's fe/v3 transport, built on first use: an app that calls no front-end API does not bundle it. */
import { createTransport, type Transport } from "../transport/index.js";
import { clientParts } from "./client-parts.js";
import type { AuthClient } from "./types.js";

/**
 * The typed fe/v3 transport bound to `client`'s auth host, its environment's fetch and timers and the client's
 * `transport` options; pass it to the generated fetchers. The same object on every call.
 */
export function getAuthTransport(client: AuthClient): Transport {
  const parts = clientParts(client);
  parts.feTransport ??= createTransport(parts.transport!);
  return parts.feTransport;
}
