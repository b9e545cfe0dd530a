/**
 * The demo's fetch: the browser's fetch plus, when a scenario is selected, a `Prefer` header on the calls the
 * scenario names. It is handed to `createAuthClient` through the environment, so it carries the session
 * calls (refresh, logout) and every fe/v3 call of the transport alike. It also reports each call when it is
 * answered (the toolbar lists the last ones).
 */
import { preferHeader, ruleFor, type Scenario } from "./catalog.js";
import { operationOf } from "./operation-of.js";

/** One call as the toolbar lists it. */
export interface RecordedCall {
  id: number;
  method: string;
  path: string;
  /** The HTTP status, "cancelled" when the app aborted the call (e.g. StrictMode's duplicate), or "failed". */
  status: number | "failed" | "cancelled";
  prefer: string | null;
}

/** Wraps `base` so requests carry the current scenario's `Prefer` header; `onCall` hears every answered call. */
export function createScenarioFetch(
  currentScenario: () => Scenario | undefined,
  onCall: (call: RecordedCall) => void,
  base: typeof fetch = (input, init) => globalThis.fetch(input, init),
): typeof fetch {
  let nextId = 1;
  return async (input, init) => {
    let request = new Request(input, init);
    const url = new URL(request.url);
    const scenario = currentScenario();
    const operation = scenario ? operationOf(request.method, url.pathname) : undefined;
    const rule = scenario && operation ? ruleFor(scenario, operation) : undefined;
    const prefer = rule ? preferHeader(rule) : null;
    if (prefer !== null) {
      const headers = new Headers(request.headers);
      headers.set("Prefer", prefer);
      request = new Request(request, { headers });
    }
    const call = { id: nextId++, method: request.method, path: url.pathname, prefer };
    try {
      const response = await base(request);
      onCall({ ...call, status: response.status });
      return response;
    } catch (error) {
      onCall({ ...call, status: request.signal.aborted ? "cancelled" : "failed" });
      throw error;
    }
  };
}
