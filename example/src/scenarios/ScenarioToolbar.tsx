/**
 * The developer toolbar: pick a scenario (a documented answer per call, via `Prefer`) and see the last calls. It
 * says what a scenario does on the backend in use, folds down to one line (folded at first on a phone, where it
 * sits below the page instead of over it), and remembers whether it is open for this tab.
 */
import { useState } from "react";
import { ON_EMULATOR } from "../backend.js";
import { SCENARIOS, type Scenario } from "./catalog.js";
import type { RecordedCall } from "./scenario-fetch.js";
import { selectScenario, useScenarioState } from "./scenario-store.js";

const GROUPS = [...new Set(SCENARIOS.map((scenario) => scenario.group))];
const OPEN_KEY = "orgauth-demo:toolbar-open";

/** What no scenario means on this backend: the option's label and the line beside it. */
const DEFAULTS = ON_EMULATOR
  ? {
      option: "None: the emulator answers",
      hint: "Every call goes to the emulator (real state). A scenario makes the Prism mock answer the calls it names with the contract's examples instead.",
    }
  : { option: "Contract defaults (happy path)", hint: "Every call gets the contract's first example." };

function initiallyOpen(): boolean {
  try {
    const stored = sessionStorage.getItem(OPEN_KEY);
    if (stored !== null) return stored === "true";
  } catch {
    // storage unavailable: decide by the screen
  }
  return !window.matchMedia("(max-width: 640px)").matches;
}

/** The toolbar at the bottom of every page. */
export function ScenarioToolbar() {
  const { scenario, calls } = useScenarioState();
  const [open, setOpenState] = useState(initiallyOpen);
  const [showCalls, setShowCalls] = useState(false);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    try {
      sessionStorage.setItem(OPEN_KEY, String(next));
    } catch {
      // storage unavailable: the choice lasts until reload
    }
  };
  return (
    <aside className="toolbar" aria-label="Scenario toolbar" data-open={open}>
      <div className="toolbar-row">
        <button type="button" className="link toolbar-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Hide toolbar" : "Developer toolbar"}
        </button>
        {!open && (
          <span className="toolbar-hint muted">
            {scenario ? `Scenario: ${scenario.label}` : ON_EMULATOR ? "Emulator, real state" : "Contract defaults"}
          </span>
        )}
        {open && (
          <>
            <strong className="toolbar-title">{ON_EMULATOR ? "Scenario" : "Mock scenario"}</strong>
            <select
              aria-label="Scenario"
              value={scenario?.id ?? ""}
              onChange={(event) => selectScenario(event.target.value || null)}
            >
              <option value="">{DEFAULTS.option}</option>
              {GROUPS.map((group) => (
                <optgroup key={group} label={group}>
                  {SCENARIOS.filter((candidate) => candidate.group === group).map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            {scenario && (
              <button type="button" className="link" onClick={() => selectScenario(null)}>
                Reset
              </button>
            )}
            <span className="toolbar-hint">{scenario ? scenario.hint : DEFAULTS.hint}</span>
            <button type="button" className="link toolbar-calls-toggle" onClick={() => setShowCalls(!showCalls)}>
              {showCalls ? "Hide calls" : `Calls (${calls.length})`}
            </button>
          </>
        )}
      </div>
      {open && (
        <>
          {scenario && <RuleList scenario={scenario} />}
          {showCalls && (
            <ol className="toolbar-calls" aria-label="Last calls">
              {calls.map((call) => (
                <li key={call.id}>
                  <code>
                    {call.method} {call.path}
                  </code>{" "}
                  → <span className={callClass(call.status)}>{call.status}</span>
                  {call.prefer && <span className="muted"> (Prefer: {call.prefer})</span>}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </aside>
  );
}

/** A call's colour: answered below 400 is ok, cancelled by the app is neutral, anything else is bad. */
function callClass(status: RecordedCall["status"]): string {
  if (status === "cancelled") return "muted";
  return typeof status === "number" && status < 400 ? "ok" : "bad";
}

function RuleList({ scenario }: { scenario: Scenario }) {
  const rules = scenario.rules
    .map((rule) => `${rule.operation} → ${rule.code}${rule.example ? ` ${rule.example}` : ""}`)
    .join(" · ");
  return (
    <p className="toolbar-rules muted">
      {ON_EMULATOR ? `Answered by the Prism mock, not the emulator: ${rules}` : rules}
    </p>
  );
}
