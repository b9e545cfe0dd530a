import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import * as adapterEntry from "../../src/adapter/index.js";
import * as emulatorEntry from "../../src/emulator/index.js";
import * as core from "../../src/index.js";
import { isOrgauthError, OrgauthError } from "../../src/index.js";
import { builtEntries } from "../../tsup.config.js";

type ErrorClass = abstract new (...args: never[]) => unknown;

/** The build's entry table (every build of tsup.config.ts): each built file's name (dist/<name>.js) and its source. */
const BUILD_ENTRIES: Record<string, string> = builtEntries;

/** Every class a module exports whose instances are errors. */
function errorClasses(entry: Record<string, unknown>): [string, ErrorClass][] {
  return Object.entries(entry).filter(
    (pair): pair is [string, ErrorClass] => typeof pair[1] === "function" && pair[1].prototype instanceof Error,
  );
}

/** The error classes of a module that do not extend OrgauthError, by name. */
function outsideTheBase(entry: Record<string, unknown>): string[] {
  return errorClasses(entry)
    .filter(([, errorClass]) => errorClass !== OrgauthError && !(errorClass.prototype instanceof OrgauthError))
    .map(([name]) => name);
}

/**
 * Every JavaScript entry of package.json's `exports` ("." → "orgauth") with the source it is built from: the built
 * file's name (dist/<name>.js) looked up in the build's entry table (tsup.config.ts). An entry with no source is kept with
 * `source: undefined`, so the test fails on it instead of skipping it.
 */
function packageEntries(): { entry: string; source: string | undefined }[] {
  const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
    exports: Record<string, string | { import?: { default?: string } }>;
  };
  return Object.entries(manifest.exports).flatMap(([subpath, target]) => {
    const built = typeof target === "string" ? target : target.import?.default;
    const match = built === undefined ? null : /^\.\/dist\/(.+)\.js$/.exec(built);
    // Data files (the seed schema, package.json) export no classes.
    if (typeof target === "string" && match === null) return [];
    const entry = subpath === "." ? "orgauth" : `orgauth/${subpath.slice(2)}`;
    return [{ entry, source: match ? BUILD_ENTRIES[match[1]!] : undefined }];
  });
}

describe("OrgauthError, the one error base", () => {
  const entries = packageEntries();

  it("reads every entry of package.json's exports, each with its source", () => {
    expect(entries.map(({ entry }) => entry)).toEqual(
      expect.arrayContaining(["orgauth", "orgauth/react", "orgauth/emulator", "orgauth/server", "orgauth/nextjs"]),
    );
    expect(entries.filter(({ source }) => source === undefined).map(({ entry }) => entry)).toEqual([]);
  });

  it.each(entries)("is the base of every error class $entry exports", async ({ source }) => {
    const entry = (await import(pathToFileURL(join(repoRoot, source!)).href)) as Record<string, unknown>;
    expect(outsideTheBase(entry)).toEqual([]);
  });

  it("finds the public error classes across the entries, SeedError among them", async () => {
    const names = new Set<string>();
    for (const { source } of entries) {
      const entry = (await import(pathToFileURL(join(repoRoot, source!)).href)) as Record<string, unknown>;
      for (const [name] of errorClasses(entry)) names.add(name);
    }
    expect([...names].sort()).toEqual(
      expect.arrayContaining([
        "AccessTokenError",
        "AdapterError",
        "ApiError",
        "AuthClientDestroyedError",
        "BrowserOnlyError",
        "ExchangeFailure",
        "LogoutError",
        "RefreshError",
        "RequestValidationError",
        "ResponseValidationError",
        "ReturnToError",
        "SeedError",
        "ServerConfigurationError",
        "UnsafeNavigationError",
      ]),
    );
  });

  it("would catch an exported error class on another base (negative control)", () => {
    class PlainError extends Error {}
    class StrayTypeError extends TypeError {}
    const entry = { ...emulatorEntry, PlainError, StrayTypeError, notAClass: 1 };
    expect(outsideTheBase(entry)).toEqual(["PlainError", "StrayTypeError"]);
  });

  it("tells errors apart by type and keeps each class's own fields", () => {
    const refresh = new core.RefreshError(503, "down", "network");
    expect([refresh.type, refresh.kind, refresh.status, refresh.name]).toEqual([
      "refresh",
      "network",
      503,
      "RefreshError",
    ]);
    const api = new core.ApiError({
      status: 400,
      operationId: "logout",
      code: "unexpected_error",
      userFacingError: "no",
    });
    expect([api.type, api.code, isOrgauthError(api)]).toEqual(["api", "unexpected_error", true]);
    const adapter = new adapterEntry.AdapterError("conflict", "taken");
    expect([adapter.type, adapter.code, adapter instanceof Error]).toEqual(["adapter", "conflict", true]);
    expect(new core.ReturnToError().type).toBe("return_to");
    expect(new core.ExchangeFailure("timeout", 0, "late").type).toBe("exchange");
    const seed = new emulatorEntry.SeedError("seed.json", ["users[0].email: required"]);
    expect([seed.type, seed.name, seed.problems, emulatorEntry.isOrgauthError(seed)]).toEqual([
      "seed",
      "SeedError",
      ["users[0].email: required"],
      true,
    ]);
  });

  it("isOrgauthError refuses other errors and non-errors", () => {
    expect(isOrgauthError(new Error("x"))).toBe(false);
    expect(isOrgauthError(new TypeError("x"))).toBe(false);
    expect(isOrgauthError({ type: "api", name: "ApiError" })).toBe(false);
    expect(isOrgauthError(undefined)).toBe(false);
  });
});
