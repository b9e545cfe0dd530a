/**
 * A bounded memory for the server's per-instance caches (verified tokens, forwarded-token signatures, users' details): at most
 * `limit` entries, and when full the least recently used goes first, so a busy instance keeps the sessions in use
 * however many others pass through.
 */

/** A map of at most `limit` entries that forgets the least recently used one first. */
export interface LruMap<K, V> {
  /** The value of `key`, now the most recently used; undefined when it is not remembered. */
  get(key: K): V | undefined;
  /** Remembers `value` for `key` as the most recently used, forgetting the least recently used one when full. */
  set(key: K, value: V): void;
  /** Forgets `key`. */
  delete(key: K): void;
}

/** An empty LRU map of at most `limit` entries. */
export function createLruMap<K, V>(limit: number): LruMap<K, V> {
  // a Map iterates in insertion order: re-inserting on use keeps the least recently used first
  const entries = new Map<K, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      entries.delete(key);
      if (entries.size >= limit) entries.delete(entries.keys().next().value as K);
      entries.set(key, value);
    },
    delete: (key) => void entries.delete(key),
  };
}
