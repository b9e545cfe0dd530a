/** Single-flight: concurrent callers with the same key share one in-flight promise. */

/** A keyed single-flight gate. */
export interface SingleFlight<T> {
  /** Runs `task` unless one is already running for `key`, in which case its promise is shared. */
  run(key: string, task: () => Promise<T>): Promise<T>;
  /** True while a task runs for `key`. */
  isRunning(key: string): boolean;
}

/** Creates a keyed single-flight gate. */
export function createSingleFlight<T>(): SingleFlight<T> {
  const inFlight = new Map<string, Promise<T>>();
  return {
    run(key, task) {
      const existing = inFlight.get(key);
      if (existing) return existing;
      const promise = Promise.resolve()
        .then(task)
        .finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
    isRunning: (key) => inFlight.has(key),
  };
}
