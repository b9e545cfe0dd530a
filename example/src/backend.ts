/**
 * Which backend the demo runs on, as the demo server tells the page (`npm run demo`: the emulator; `-- --prism`:
 * the Prism mock alone). Screens and the scenario toolbar word themselves for it.
 */
declare const __DEMO_BACKEND__: string | undefined;

/** "emulator": real state, with Prism answering only the calls a scenario names; "prism": Prism answers everything. */
export const DEMO_BACKEND: "emulator" | "prism" =
  typeof __DEMO_BACKEND__ !== "undefined" && __DEMO_BACKEND__ === "emulator" ? "emulator" : "prism";

/** True when the emulator answers the calls no scenario names. */
export const ON_EMULATOR = DEMO_BACKEND === "emulator";
