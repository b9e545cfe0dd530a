/**
 * The selected scenario (kept in sessionStorage, so a reload keeps it and other tabs are not affected) and
 * the last calls made, as a tiny external store for `useSyncExternalStore`.
 */
import { useSyncExternalStore } from "react";
import { findScenario, type Scenario } from "./catalog.js";
import type { RecordedCall } from "./scenario-fetch.js";

const STORAGE_KEY = "orgauth-demo:scenario";
const MAX_CALLS = 8;

interface ScenarioState {
  scenario: Scenario | undefined;
  calls: readonly RecordedCall[];
}

function readStoredScenario(): Scenario | undefined {
  try {
    return findScenario(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return undefined;
  }
}

let state: ScenarioState = { scenario: readStoredScenario(), calls: [] };
const listeners = new Set<() => void>();
const changeListeners = new Set<(scenario: Scenario | undefined) => void>();

function update(next: Partial<ScenarioState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** The scenario now selected (read per request by the scenario fetch). */
export function currentScenario(): Scenario | undefined {
  return state.scenario;
}

/**
 * Selects a scenario by id (null: the contract's default answers), remembers it for this tab, and tells the
 * `onScenarioChange` listeners (main.tsx refetches the session and the queries there).
 */
export function selectScenario(id: string | null): void {
  const scenario = findScenario(id);
  if (scenario === state.scenario) return;
  try {
    if (scenario) sessionStorage.setItem(STORAGE_KEY, scenario.id);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage unavailable: the choice lasts until reload
  }
  update({ scenario });
  for (const listener of changeListeners) listener(scenario);
}

/** Calls `listener` after each change of the selected scenario; returns the unsubscribe function. */
export function onScenarioChange(listener: (scenario: Scenario | undefined) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Adds a finished call to the toolbar's list. */
export function recordCall(call: RecordedCall): void {
  update({ calls: [call, ...state.calls].slice(0, MAX_CALLS) });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The selected scenario and the last calls, re-rendering on change. */
export function useScenarioState(): ScenarioState {
  return useSyncExternalStore(subscribe, () => state);
}
