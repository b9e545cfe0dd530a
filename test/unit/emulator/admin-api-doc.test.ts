/**
 * docs/emulator.md names every route of the emulator's scripting admin API (src/emulator/routes/: reset, seed,
 * outbox, settings, users, access tokens, the browser sign-in) with its method; the admin UI's own routes
 * (src/emulator/admin-ui/) have their table under "Admin UI".
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..");
const doc = readFileSync(join(root, "docs", "emulator.md"), "utf8");
const routesDir = join(root, "src", "emulator", "routes");

/** `METHOD /__emulator/…` of every admin route the route files register. */
function adminRoutes(): string[] {
  return readdirSync(routesDir).flatMap((file) =>
    [...readFileSync(join(routesDir, file), "utf8").matchAll(/\.add\("([A-Z]+)", "(\/__emulator\/[^"]*)"/g)].map(
      ([, method, path]) => `${method} ${path}`,
    ),
  );
}

/** Whether the doc names the route: its method, then (past backticks, slashes and other methods) its path. */
function documented(route: string): boolean {
  const [method, path] = route.split(" ") as [string, string];
  const pathPattern = path
    .split(/:\w+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("\\{\\w+\\}");
  return new RegExp(`\\b${method}\\b[\`/A-Z ]*${pathPattern}(?![\\w/-])`).test(doc);
}

it("documents every admin API route with its method", () => {
  const routes = adminRoutes();
  expect(routes).toContain("POST /__emulator/sign-in");
  expect(routes).toContain("POST /__emulator/access_token");
  expect(routes.filter((route) => !documented(route))).toEqual([]);
});
