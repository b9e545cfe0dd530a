/**
 * The auth host's key set (`/.well-known/jwks.json`) in memory: fetched on first use, again once it is 10 minutes old
 * and, at most every 30 s, for a key id it lacks. A reload that fails keeps the last good set in use (an outage of
 * the auth host says nothing about tokens its keys signed) and is tried again at most every 5 s, so an outage costs
 * one fetch per few seconds. Only with no set yet, or for a key id the last good set lacks while the host is down,
 * is a token refused as `key_unavailable`. jose's `createRemoteJWKSet` throws instead once its set is stale.
 */
import { createLocalJWKSet, errors, type JWTVerifyGetKey } from "jose";
import { AccessTokenError } from "./errors.js";
import type { ServerConfig } from "./options.js";

/** How long a fetched key set is used before it is fetched again, in milliseconds. */
const MAX_AGE_MS = 600_000;
/** How soon after a fetch a key id the set lacks may fetch it again, in milliseconds. */
const UNKNOWN_KEY_COOLDOWN_MS = 30_000;
/** How soon after a failed fetch the next one may start, in milliseconds. */
const RETRY_MS = 5000;

/** A key set fetched from the auth host, and when. */
interface FetchedKeys {
  getKey: JWTVerifyGetKey;
  fetchedAt: number;
}

/** The key set of `config`'s auth host, as a jose key function that keeps the last good set through an outage. */
export function createKeySet(config: Pick<ServerConfig, "authOrigin" | "fetch" | "timeoutMs">): JWTVerifyGetKey {
  const url = new URL("/.well-known/jwks.json", config.authOrigin);
  let current: FetchedKeys | undefined;
  let failure: { at: number; error: AccessTokenError } | undefined;
  let loading: Promise<void> | undefined;

  /** The key set, fetched within the timeout (a timer, not `AbortSignal.timeout`, which not every edge runtime has). */
  async function fetchKeys(): Promise<JWTVerifyGetKey> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`no answer in ${config.timeoutMs} ms`)),
      config.timeoutMs,
    );
    try {
      const response = await config.fetch(url, { headers: { accept: "application/json" }, signal: controller.signal });
      if (response.status !== 200) throw new Error(`${url.href} answered ${response.status}`);
      return createLocalJWKSet(await response.json());
    } finally {
      clearTimeout(timer);
    }
  }

  /** One fetch at a time; its failure is remembered, never thrown. */
  function reload(): Promise<void> {
    loading ??= fetchKeys()
      .then(
        (getKey) => {
          current = { getKey, fetchedAt: Date.now() };
          failure = undefined;
        },
        (error: unknown) => {
          const message = `the key set could not be fetched: ${error instanceof Error ? error.message : String(error)}`;
          failure = { at: Date.now(), error: new AccessTokenError("key_unavailable", message, { cause: error }) };
        },
      )
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  /** Fetches again unless a fetch failed in the last few seconds. */
  const reloadUnlessFailedLately = () => (failure && Date.now() - failure.at < RETRY_MS ? Promise.resolve() : reload());

  return async (header, token) => {
    if (!current || Date.now() - current.fetchedAt >= MAX_AGE_MS) await reloadUnlessFailedLately();
    const keys = current;
    if (!keys) throw failure?.error ?? new AccessTokenError("key_unavailable", "the key set could not be fetched");
    try {
      return await keys.getKey(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      if (Date.now() - keys.fetchedAt < UNKNOWN_KEY_COOLDOWN_MS) throw error;
      await reloadUnlessFailedLately();
      // the host is down: whether it has that key is unknown
      if (failure) throw failure.error;
      return current!.getKey(header, token);
    }
  };
}
