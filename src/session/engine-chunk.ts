/**
 * The session engine's chunk: loaded with `import()` when the first client is created, kept once it has arrived (a
 * page's later clients get it at once). A failed load is tried again by the next call that needs it.
 */
type EngineModule = typeof import("./session-engine.js");

let engineModule: EngineModule | undefined;
let loading: Promise<EngineModule> | undefined;

/** Loads the engine's chunk (once); `loadEngine.loaded()` is the module once it has arrived. */
export const loadEngine = Object.assign(
  (): Promise<EngineModule> =>
    (loading ??= import("./session-engine.js").then(
      (module) => (engineModule = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    )),
  { loaded: () => engineModule },
);
