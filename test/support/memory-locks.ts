/**
 * An in-memory lock manager like `navigator.locks` for one simulated browser: one holder per name, a FIFO
 * queue, the task invoked asynchronously, the lock released when the task settles, a queued request
 * rejected with its signal's reason when aborted, and `ifAvailable` answered at once (not granted while held). Shared by the session unit tests and the refresh-traffic bench.
 */
import type { TabLocks } from "../../src/session/environment.js";

/** Exclusive locks like `navigator.locks` (see the file comment). */
export class MemoryLocks implements TabLocks {
  private readonly held = new Set<string>();
  private readonly queues = new Map<string, Array<() => void>>();

  request<T>(
    name: string,
    options: { signal?: AbortSignal; ifAvailable?: boolean },
    task: (granted: boolean) => Promise<T>,
  ): Promise<T> {
    const { signal } = options;
    if (options.ifAvailable && this.held.has(name)) return Promise.resolve().then(() => task(false));
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const grant = () => {
        signal?.removeEventListener("abort", onAbort);
        this.held.add(name);
        // The lock is released when the task settles, whatever it does.
        Promise.resolve()
          .then(() => task(true))
          .then(resolve, reject)
          .finally(() => {
            this.held.delete(name);
            this.queues.get(name)?.shift()?.();
          });
      };
      const onAbort = () => {
        const queue = this.queues.get(name) ?? [];
        const index = queue.indexOf(grant);
        if (index >= 0) queue.splice(index, 1);
        reject(signal!.reason);
      };
      if (!this.held.has(name)) return grant();
      signal?.addEventListener("abort", onAbort, { once: true });
      const queue = this.queues.get(name) ?? [];
      queue.push(grant);
      this.queues.set(name, queue);
    });
  }
}
