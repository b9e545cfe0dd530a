import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { bundle, bundleSplit, REACT_EXTERNAL } from "../../bench/bundle.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";

/**
 * What a React app bundles from the packed package when TanStack Query is left for the bundler to include (not
 * external): the session-only app of `npm run size` (provider, `withAuthInfo`, `useAuthInfo`, org switch, role gate,
 * redirects, logout) carries none of it, and none of the login flow or MFA code; the typical app (six operations on
 * the generated hooks) carries TanStack Query's QueryClient and orgauth's query layer, and still no login flow.
 * Each marker is checked both ways: absent where it must be, present where the code is used. Code split as an app's
 * build does, the session-only app's first load carries the first-load half of tab coordination only: the coordinator
 * (locks, tab messages, the shared refresh record) is one later chunk that imports no other.
 */
const appDir = inject("packedAppDir");
const app = (name: string): string => readFileSync(join(repoRoot, "bench", "apps", name), "utf8");
const fromPackage = (code: string) => bundle(code, { resolveDir: appDir, external: REACT_EXTERNAL });

/** Input files of a bundle that put bytes in it from a package (path under node_modules). */
const packageInputs = (inputs: [string, number][], name: string): string[] =>
  inputs.map(([file]) => file).filter((file) => file.includes(`node_modules/${name}/`));

/** Text only the tab coordinator's later chunk carries: the refresh record's key, its lock's request, a tab message. */
const TAB_COORDINATOR_MARKERS = ["orgauth:refresh:", "locks.request", '"started"'];

/** Text only TanStack Query's QueryClient carries (its constructor and `ensureQueryData`). */
const QUERY_CLIENT_MARKERS = ["ensureQueryData", "getQueryDefaults"];
/** Property names only orgauth's login flow and MFA hooks carry (what `useLoginFlow` and `useMfa` return). */
const LOGIN_FLOW_MARKERS = ["failedAction", "mfaSetup", "passwordReset", "securityStatus"];

describe("a React app bundled from the packed package, TanStack Query not external", () => {
  it("a session-only app carries no TanStack Query and no login-flow code", async () => {
    const sessionOnly = await fromPackage(app("orgauth-session-app.tsx"));
    expect(packageInputs(sessionOnly.inputs, "@tanstack")).toEqual([]);
    expect(QUERY_CLIENT_MARKERS.filter((marker) => sessionOnly.code.includes(marker))).toEqual([]);
    expect(LOGIN_FLOW_MARKERS.filter((marker) => sessionOnly.code.includes(marker))).toEqual([]);
    // the session half is there: the provider's client, the guard's hosted login, the org switch
    expect(sessionOnly.code).toContain("https://auth.example.com");
    expect(sessionOnly.code).toContain("active_org_id");
  });

  it("the typical app carries TanStack Query and the generated hooks, and no login-flow code", async () => {
    const typical = await fromPackage(app("orgauth-app.tsx"));
    expect(packageInputs(typical.inputs, "@tanstack/query-core").length).toBeGreaterThan(0);
    expect(QUERY_CLIENT_MARKERS.filter((marker) => !typical.code.includes(marker))).toEqual([]);
    expect(typical.code).toContain("/api/fe/v3/org_membership/{orgId}/members");
    expect(LOGIN_FLOW_MARKERS.filter((marker) => typical.code.includes(marker))).toEqual([]);
  });

  it("an app that uses the login flow and MFA hooks carries them (the markers above can see them)", async () => {
    const flows = await fromPackage(`export { useLoginFlow, useMfa } from "orgauth/react";`);
    expect(LOGIN_FLOW_MARKERS.filter((marker) => !flows.code.includes(marker))).toEqual([]);
    expect(packageInputs(flows.inputs, "@tanstack/query-core").length).toBeGreaterThan(0);
  });

  it("code split, the session-only app loads tab coordination later, in one chunk that imports no other", async () => {
    const split = await bundleSplit(app("orgauth-session-app.tsx"), { resolveDir: appDir, external: REACT_EXTERNAL });
    const carrying = split.chunks.filter((chunk) =>
      TAB_COORDINATOR_MARKERS.some((marker) => chunk.code.includes(marker)),
    );
    expect(carrying.map((chunk) => chunk.initial)).toEqual([false]);
    expect(TAB_COORDINATOR_MARKERS.filter((marker) => !carrying[0]!.code.includes(marker))).toEqual([]);
    // an import of another chunk: `import"./x.js"` or `from"./x.js"` in esbuild's minified output
    expect(carrying[0]!.code).not.toMatch(/(?:\bfrom|\bimport)\s*["']\.\//);
    // the first load still has its half: the presence map's read, to send the first refresh at once when alone
    expect(split.chunks.filter((chunk) => chunk.initial && chunk.code.includes("orgauth:tabs:")).length).toBe(1);
  });
});
