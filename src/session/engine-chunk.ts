/**
 * The session engine's chunk: its `import()` starts when the first client is created, so it arrives while the
 * first refresh is in flight (with the session's validators: one chunk, one request); a page's later clients get it
 * at once. A failed load is tried again by the next call that needs it. Plain functions, nothing run at import: a
 * bundle that never creates a client drops them, and with them the `import()` and its chunk.
 */
type EngineModule = Pick<typeof import("./session-engine.js"), "createSessionEngine" | "checkSession" | "readRefresh">;

let engineModule: EngineModule | undefined;
let loading: Promise<EngineModule> | undefined;

/** Loads the engine's chunk (once). */
export function loadEngine(): Promise<EngineModule> {
  loading ??= import("./session-engine.js").then(
    ({ createSessionEngine, checkSession, readRefresh }) =>
      (engineModule = { createSessionEngine, checkSession, readRefresh }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The engine's module once its chunk has arrived. */
export function loadedEngine(): EngineModule | undefined {
  return engineModule;
}
