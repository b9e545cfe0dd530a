import { expect, it } from "vitest";
import { useDemo } from "./demo-harness.js";

const demo = useDemo();

it("serves the demo app on its own origin, with the API proxied to its backend", async () => {
  const page = await demo.open("/");
  await page.getByRole("heading", { name: "Welcome, Ada" }).waitFor();
  const status = await page.evaluate(
    async () => (await fetch("/api/v1/refresh_token", { credentials: "include" })).status,
  );
  expect(status).toBe(200);
});
