/**
 * The demo's one AuthClient. The auth host is the page's own origin: the demo server proxies `/api` to Prism,
 * so cookies and CORS behave as they would with the provider on a custom domain. The environment's fetch is
 * wrapped by the scenario toolbar (a `Prefer` header per call); nothing else differs from production.
 */
import { createAuthClient, createBrowserEnvironment } from "orgauth";
import { createScenarioFetch } from "./scenarios/scenario-fetch.js";
import { callSent, currentScenario, recordCall } from "./scenarios/scenario-store.js";

/** The AuthClient shared by the whole app. */
export const authClient = createAuthClient({
  authUrl: window.location.origin,
  environment: createBrowserEnvironment({ fetch: createScenarioFetch(currentScenario, { onSent: callSent, onCall: recordCall }) }),
  // The demo shows what a failed contract check looks like in the console instead of breaking the page.
  transport: { validation: "report" },
});
