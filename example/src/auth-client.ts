/**
 * The demo's one AuthClient. The auth host is the page's own origin: the demo server proxies `/api` to Prism,
 * so cookies and CORS behave as they would with the provider on a custom domain. The environment's fetch is
 * wrapped by the scenario toolbar (a `Prefer` header per call), and navigation away from the demo (the SAML
 * `login_url` of the contract's example, on idp.example.com) lands on an in-app stand-in page instead.
 * Nothing else differs from production.
 */
import { createAuthClient, createBrowserEnvironment, tabSync } from "orgauth";
import { identityProviderStandInUrl } from "./pages/HostedStandIns.js";
import { createScenarioFetch } from "./scenarios/scenario-fetch.js";
import { currentScenario, recordCall } from "./scenarios/scenario-store.js";

/**
 * Same-origin targets (hosted pages, social logins: the demo plays the auth origin) are opened as usual; any
 * other address would leave for an identity provider the mock does not have, so the demo shows where the
 * browser would now be.
 */
function navigate(url: string): void {
  const target = new URL(url, window.location.href);
  window.location.assign(
    target.origin === window.location.origin ? target.href : identityProviderStandInUrl(target.href),
  );
}

/** The AuthClient shared by the whole app. */
export const authClient = createAuthClient({
  authUrl: window.location.origin,
  tabs: tabSync,
  environment: createBrowserEnvironment({ fetch: createScenarioFetch(currentScenario, recordCall), navigate }),
  // The demo shows what a failed contract check looks like in the console instead of breaking the page.
  transport: { validation: "report" },
});
