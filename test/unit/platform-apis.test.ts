/**
 * The platform APIs the browser entries call, against what jsdom 20 (jest 29's environment, measured here) and the
 * browsers of `browserslist` provide: an API one of them lacks is used only behind its feature test, or in a file
 * that never runs in a browser or a test runner's DOM (listed with the reason).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { importGraph, reachable } from "../support/import-graph.js";
import { PLATFORM_APIS, type PlatformApi } from "../support/platform-apis.js";

const root = new URL("../..", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { browserslist: string[] };

/** The entries that run in a browser or in a test runner's DOM. */
const BROWSER_ENTRIES = [
  "src/index.ts",
  "src/react.ts",
  "src/schemas.ts",
  "src/nextjs/client.ts",
  "src/testing/react.ts",
];

/** Files those entries reach that only a server or Node runs, with why. */
const SERVER_ONLY: Record<string, string> = {
  "src/session/server-redirect.ts": "a route handler's redirect (servers and edge runtimes have Response)",
  "src/transport/forward-cookies.ts": "forwards a visitor's cookies from a server (Headers exists in jsdom 20 too)",
};

/** The lowest version of each engine the browserslist accepts (Edge is Chromium, iOS Safari is Safari). */
function floors(): { chrome: number; firefox: number; safari: number } {
  const at = (names: string[]) =>
    Math.min(...pkg.browserslist.filter((q) => names.includes(q.split(" ")[0]!)).map((q) => Number(q.split(">=")[1])));
  return { chrome: at(["chrome", "edge"]), firefox: at(["firefox"]), safari: at(["safari", "ios_saf"]) };
}

/** A file's code without comments (a comment may name an API it avoids). */
function codeOf(file: string): string {
  const source = ts.createSourceFile(file, readFileSync(`${root}${file}`, "utf8"), ts.ScriptTarget.Latest, true);
  return ts.createPrinter({ removeComments: true }).printFile(source);
}

/** A jsdom 20 window, as jest-environment-jsdom 29 makes it. */
function jsdom20Window(): { eval(code: string): unknown } {
  const jestEnv = createRequire(import.meta.url).resolve("jest-environment-jsdom");
  const { JSDOM } = createRequire(jestEnv)("jsdom") as typeof import("jsdom");
  return new JSDOM("", { url: "http://127.0.0.1/", runScripts: "outside-only" }).window as never;
}

/** Why `api` cannot be used as it is, or null when every runtime has it. */
function missingFrom(api: PlatformApi, inJsdom: boolean): string | null {
  const floor = floors();
  const gaps = (["chrome", "firefox", "safari"] as const).filter((engine) => api.since[engine] > floor[engine]);
  const where = [...(inJsdom ? [] : ["jsdom 20"]), ...gaps.map((engine) => `${engine} ${floor[engine]}`)];
  return where.length ? where.join(", ") : null;
}

describe("platform APIs of the browser entries", () => {
  const window = jsdom20Window();
  const inJsdom = new Map(
    PLATFORM_APIS.map((api) => [api.name, api.probe === null || Boolean(window.eval(api.probe))]),
  );
  const files = new Set(BROWSER_ENTRIES.flatMap((entry) => [...reachable(importGraph(root, "src"), entry).files]));

  it("jsdom 20 is the one jest-environment-jsdom 29 brings, and the catalogue's probes read it", () => {
    expect(window.eval("navigator.userAgent")).toMatch(/jsdom\/20\./);
    expect(inJsdom.get("AbortSignal.prototype.throwIfAborted")).toBe(false);
    expect(inJsdom.get("BroadcastChannel")).toBe(false);
  });

  it("an API a supported runtime lacks is used only behind its feature test or on a server", () => {
    const found: string[] = [];
    for (const file of [...files].sort()) {
      if (file.endsWith(".d.ts") || file.endsWith(".json") || Object.hasOwn(SERVER_ONLY, file)) continue;
      const code = codeOf(file);
      for (const api of PLATFORM_APIS) {
        const missing = missingFrom(api, inJsdom.get(api.name) ?? false);
        if (missing === null || !api.use.test(code) || api.detect?.test(code)) continue;
        found.push(`${file}: ${api.name} (missing in ${missing})`);
      }
    }
    expect(found).toEqual([]);
  });

  it("every file it excuses is one the browser entries reach", () => {
    expect(Object.keys(SERVER_ONLY).filter((file) => !files.has(file))).toEqual([]);
  });
});
