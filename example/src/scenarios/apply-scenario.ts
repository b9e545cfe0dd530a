/**
 * What choosing a scenario does besides remembering it: the session and every query are fetched again with the
 * new `Prefer` headers, so the screen shows the scenario at once (no reload). Only public API: the client's
 * `refresh()` and the QueryClient.
 */
import { matchQuery, type QueryClient } from "@tanstack/react-query";
import type { AuthClient } from "orgauth";
import { getLoginStateKeys } from "orgauth/react";
import type { Scenario } from "./catalog.js";

/** Where the demo server starts a half-done login over (scripts/lib/demo-session-state.ts). */
const RESTART_LOGIN_PATH = "/__demo/restart-login";

/**
 * Refreshes the session and refetches the app's queries. Going back to the contract defaults (`scenario`
 * undefined) also starts a half-done login over, so the sign-in screen shows its first step without the old
 * step's error; choosing another scenario keeps the step, so its other outcomes can be tried in place.
 */
export async function applyScenario(
  client: AuthClient,
  queryClient: QueryClient,
  scenario: Scenario | undefined,
): Promise<void> {
  if (scenario === undefined) await fetch(RESTART_LOGIN_PATH, { method: "POST" }).catch(() => undefined); // no demo server: nothing to restart
  // The session: a "logged out" scenario logs the app out (protected pages go to sign-in), "impersonated" or
  // "no orgs" change the user; back to the defaults logs it in again (the demo server still holds the session).
  // refresh() asks about the session as of the call: a refresh already under way (sent with the old scenario) is
  // waited for, then a new one goes out.
  void client.refresh().catch(() => undefined);
  // The login flow's step is refetched in place, so the sign-in screen keeps its tab and what was typed.
  const isLoginState = (query: Parameters<typeof matchQuery>[1]) =>
    matchQuery({ queryKey: getLoginStateKeys.all }, query);
  void queryClient.invalidateQueries({ predicate: isLoginState });
  // Everything else starts over (loading, then the new answer), so an error never shows next to stale data.
  void queryClient.resetQueries({ predicate: (query) => !isLoginState(query) });
}
