/** The demo's scenario fetch: the `Prefer` header of the chosen scenario, and the calls it reports to the toolbar. */
import { expect, it } from "vitest";
import { findScenario } from "../../../example/src/scenarios/catalog.js";
import { createScenarioFetch } from "../../../example/src/scenarios/scenario-fetch.js";
import { callSent, isAwaitingAnswer, recordCall } from "../../../example/src/scenarios/scenario-store.js";

it("sends the scenario's Prefer header on the calls it names, read per request", async () => {
  let scenario = findScenario("logged-out");
  const seen: (string | null)[] = [];
  const fetch = createScenarioFetch(() => scenario, { onCall: () => undefined }, async (input) => {
    seen.push(new Request(input).headers.get("Prefer"));
    return new Response("{}");
  });
  await fetch("http://app.test/api/v1/refresh_token");
  await fetch("http://app.test/api/fe/v3/org_settings");
  scenario = undefined;
  await fetch("http://app.test/api/v1/refresh_token");
  expect(seen).toEqual(["code=401, example=not_logged_in", null, null]);
});

it("reports a call when it is sent and when it is answered, so a call on its way can be told apart", async () => {
  let answer: (response: Response) => void = () => undefined;
  const fetch = createScenarioFetch(() => undefined, { onSent: callSent, onCall: recordCall }, () => new Promise((resolve) => (answer = resolve)));
  const call = fetch("http://app.test/api/v1/refresh_token");
  await Promise.resolve();
  expect(isAwaitingAnswer("/api/v1/refresh_token")).toBe(true);
  expect(isAwaitingAnswer("/api/fe/v3/login_state")).toBe(false);
  answer(new Response("{}", { status: 401 }));
  expect((await call).status).toBe(401);
  expect(isAwaitingAnswer("/api/v1/refresh_token")).toBe(false);
});
