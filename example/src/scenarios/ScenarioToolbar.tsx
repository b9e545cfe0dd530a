/** The dev toolbar: pick a scenario (a documented answer per call, via `Prefer`) and see the last calls. */
import { useState } from "react";
import { SCENARIOS, type Scenario } from "./catalog.js";
import type { RecordedCall } from "./scenario-fetch.js";
import { selectScenario, useScenarioState } from "./scenario-store.js";

const GROUPS = [...new Set(SCENARIOS.map((scenario) => scenario.group))];

/** The toolbar pinned to the bottom of every page. */
export function ScenarioToolbar() {
  const { scenario, calls } = useScenarioState();
  const [showCalls, setShowCalls] = useState(false);
  return (
    <aside className="toolbar" aria-label="Scenario toolbar">
      <div className="toolbar-row">
        <strong className="toolbar-title">Mock scenario</strong>
        <select
          aria-label="Scenario"
          value={scenario?.id ?? ""}
          onChange={(event) => selectScenario(event.target.value || null)}
        >
          <option value="">Contract defaults (happy path)</option>
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
        <span className="toolbar-hint">
          {scenario ? scenario.hint : "Every call gets the contract's first example."}
        </span>
        <button type="button" className="link toolbar-calls-toggle" onClick={() => setShowCalls(!showCalls)}>
          {showCalls ? "Hide calls" : `Calls (${calls.length})`}
        </button>
      </div>
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
    </aside>
  );
}

/** A call's colour: answered below 400 is ok, cancelled by the app is neutral, anything else is bad. */
function callClass(status: RecordedCall["status"]): string {
  if (status === "cancelled") return "muted";
  return typeof status === "number" && status < 400 ? "ok" : "bad";
}

function RuleList({ scenario }: { scenario: Scenario }) {
  return (
    <p className="toolbar-rules muted">
      {scenario.rules
        .map((rule) => `${rule.operation} → ${rule.code}${rule.example ? ` ${rule.example}` : ""}`)
        .join(" · ")}
    </p>
  );
}
