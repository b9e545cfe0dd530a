/** Single-flight: concurrent callers with the same key share one in-flight promise. */

/** A keyed single-flight gate. */
export interface SingleFlight<T> {
  /** Runs `task` unless one is already running for `key`, in which case its promise is shared. */
  run(key: string, task: () => Promise<T>): Promise<T>;
  /**
   * Like `run`, but shares a task only while it has not begun (callers in the same tick). A task already under
   * way began before this call, so its answer may predate what the caller knows: wait for it, then run (or join)
   * a fresh one.
   */
  runFresh(key: string, task: () => Promise<T>): Promise<T>;
}

/** Creates a keyed single-flight gate. */
export function createSingleFlight<T>(): SingleFlight<T> {
  const inFlight = new Map<string, Promise<T>>();
  /** The flights whose task has begun (a set, not a field: local names minify, property names do not). */
  const begun = new WeakSet<Promise<T>>();
  const ignore = () => undefined;

  const run = (key: string, task: () => Promise<T>): Promise<T> => {
    const existing = inFlight.get(key);
    if (existing) return existing;
    const flight: Promise<T> = Promise.resolve()
      .then(() => {
        begun.add(flight);
        return task();
      })
      .finally(() => {
        if (inFlight.get(key) === flight) inFlight.delete(key);
      });
    inFlight.set(key, flight);
    return flight;
  };

  const runFresh = (key: string, task: () => Promise<T>): Promise<T> => {
    const existing = inFlight.get(key);
    if (!existing || !begun.has(existing)) return run(key, task);
    return existing.then(ignore, ignore).then(() => runFresh(key, task));
  };

  return { run, runFresh };
}
