/**
 * Which Host names the emulator answers to and which web origins it trusts: its own origin (hosted pages, the admin
 * UI), the app origins it was told about (CORS with credentials, return targets), nothing else.
 */

import { isLoopbackHost } from "../../shared/loopback.js";

/** The trust decisions of one emulator. */
export interface OriginPolicy {
  /** Whether a `Host` header names this emulator: a loopback name or a configured host (any port). */
  hostAllowed(host: string | undefined): boolean;
  /** Whether `origin` is the emulator's own: its URL, its public URL, or the (allowed) `Host` it was reached at. */
  isOwn(origin: string, host: string | undefined): boolean;
  /** Whether `origin` is an app origin the emulator may answer with credentials (CORS). */
  appAllowed(origin: string): boolean;
  /** Whether a redirect may lead to `href`: an http(s) URL on the emulator's own origin or an allowed app origin. */
  redirectAllowed(href: string, host: string | undefined): boolean;
}

/** What the policy is made of. */
export interface OriginPolicyOptions {
  /** App origins (`https://app.example`, `http://localhost:*` for any port); the loopback ones by default. */
  allowedOrigins?: readonly string[] | undefined;
  /** Extra Host names to answer to, besides the loopback ones (e.g. `myapp.test`); ports are not compared. */
  allowedHosts?: readonly string[] | undefined;
  /** The emulator's own origins (its URL, its public URL); read on every call, as they are known only once listening. */
  ownOrigins: () => readonly string[];
}

type Matcher = (url: URL) => boolean;

/** Parses one allowed-origin entry; throws a clear error for anything that is not `scheme://host[:port|:*]`. */
function originMatcher(entry: string): Matcher {
  const anyPort = entry.endsWith(":*");
  const url = parseOrigin(anyPort ? entry.slice(0, -2) : entry);
  if (url === null)
    throw new Error(`Not an origin: ${entry} (expected e.g. https://app.example or http://localhost:*)`);
  if (!anyPort) return (candidate) => candidate.origin === url.origin;
  return (candidate) => candidate.protocol === url.protocol && candidate.hostname === url.hostname;
}

/** The URL of a serialized origin, or null when `value` is not exactly one (`null`, a path, junk). */
function parseOrigin(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.origin === value && (url.protocol === "http:" || url.protocol === "https:") ? url : null;
  } catch {
    return null;
  }
}

const HOST_HEADER = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The normalized `host[:port]` of a `Host` header (brackets kept for IPv6), or null when it is malformed. */
function normalHost(host: string | undefined): URL | null {
  if (!host || !HOST_HEADER.test(host)) return null;
  try {
    return new URL(`http://${host}`);
  } catch {
    return null;
  }
}

/** Builds the policy; throws on a malformed allowed origin. */
export function createOriginPolicy(options: OriginPolicyOptions): OriginPolicy {
  // Trusted when none are given: any port of a loopback host name (localhost and *.localhost, 127.x.x.x, [::1]),
  // http or https.
  const matchers = options.allowedOrigins?.map(originMatcher) ?? [(url: URL) => isLoopbackHost(url.hostname)];
  const extraHosts = new Set((options.allowedHosts ?? []).map((h) => normalHost(h)?.hostname ?? h.toLowerCase()));
  const appAllowed = (origin: string): boolean => {
    const url = parseOrigin(origin);
    return url !== null && matchers.some((matches) => matches(url));
  };
  const hostAllowed = (host: string | undefined): boolean => {
    const name = normalHost(host)?.hostname;
    if (name === undefined) return false;
    if (isLoopbackHost(name) || extraHosts.has(name)) return true;
    return options.ownOrigins().some((own) => new URL(own).hostname === name);
  };
  const isOwn = (origin: string, host: string | undefined): boolean => {
    const url = parseOrigin(origin);
    if (url === null) return false;
    if (options.ownOrigins().some((own) => new URL(own).origin === url.origin)) return true;
    return url.protocol === "http:" && hostAllowed(host) && url.host === normalHost(host)?.host;
  };
  return {
    hostAllowed,
    isOwn,
    appAllowed,
    redirectAllowed(href, host) {
      let url: URL;
      try {
        url = new URL(href);
      } catch {
        return false;
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") return false;
      return isOwn(url.origin, host) || appAllowed(url.origin);
    },
  };
}
