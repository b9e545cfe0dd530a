/** The demo's scenario fetch: the `Prefer` header of the chosen scenario, and the calls it reports to the toolbar. */
import { expect, it } from "vitest";
import { findScenario } from "../../../example/src/scenarios/catalog.js";
import { createScenarioFetch, type RecordedCall } from "../../../example/src/scenarios/scenario-fetch.js";

it("sends the scenario's Prefer header on the calls it names, read per request", async () => {
  let scenario = findScenario("logged-out");
  const seen: (string | null)[] = [];
  const fetch = createScenarioFetch(
    () => scenario,
    () => undefined,
    async (input) => {
      seen.push(new Request(input).headers.get("Prefer"));
      return new Response("{}");
    },
  );
  await fetch("http://app.test/api/v1/refresh_token");
  await fetch("http://app.test/api/fe/v3/org_settings");
  scenario = undefined;
  await fetch("http://app.test/api/v1/refresh_token");
  expect(seen).toEqual(["code=401, example=not_logged_in", null, null]);
});

it("reports each answered call with its status, and a network failure as failed", async () => {
  const calls: RecordedCall[] = [];
  let fail = false;
  const fetch = createScenarioFetch(
    () => findScenario("logged-out"),
    (call) => void calls.push(call),
    async () => {
      if (fail) throw new TypeError("Failed to fetch");
      return new Response("{}", { status: 401 });
    },
  );
  await fetch("http://app.test/api/v1/refresh_token");
  fail = true;
  await expect(fetch("http://app.test/api/fe/v3/login_state", { method: "GET" })).rejects.toThrow("Failed to fetch");
  expect(calls).toEqual([
    { id: 1, method: "GET", path: "/api/v1/refresh_token", status: 401, prefer: "code=401, example=not_logged_in" },
    {
      id: 2,
      method: "GET",
      path: "/api/fe/v3/login_state",
      status: "failed",
      prefer: expect.stringContaining("LoginRequired"),
    },
  ]);
});

it("reports a call the app aborted (StrictMode's duplicate request) as cancelled, not failed", async () => {
  const calls: RecordedCall[] = [];
  const fetch = createScenarioFetch(
    () => undefined,
    (call) => void calls.push(call),
    (input) => {
      const request = new Request(input);
      return new Promise((_, reject) =>
        request.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      );
    },
  );
  const controller = new AbortController();
  const pending = fetch("http://app.test/api/fe/v3/org_settings", { signal: controller.signal });
  controller.abort();
  await expect(pending).rejects.toThrow("aborted");
  expect(calls).toEqual([{ id: 1, method: "GET", path: "/api/fe/v3/org_settings", status: "cancelled", prefer: null }]);
});
