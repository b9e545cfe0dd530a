import { describe, expect, it } from "vitest";
import * as adapterEntry from "../../src/adapter/index.js";
import * as core from "../../src/index.js";
import { isOrgauthError, OrgauthError } from "../../src/index.js";

/** Every class an entry exports whose instances are errors. */
function errorClasses(entry: Record<string, unknown>): [string, abstract new (...args: never[]) => unknown][] {
  return Object.entries(entry).filter(
    (pair): pair is [string, abstract new (...args: never[]) => unknown] =>
      typeof pair[1] === "function" && pair[1].prototype instanceof Error,
  );
}

describe("OrgauthError, the one error base", () => {
  const classes = [...errorClasses(core), ...errorClasses(adapterEntry)];

  it("finds the public error classes of the core and adapter entries", () => {
    expect(classes.map(([name]) => name).sort()).toEqual(
      expect.arrayContaining([
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
        "UnsafeNavigationError",
      ]),
    );
  });

  it("is the base of every public error class", () => {
    for (const [name, errorClass] of classes) {
      if (errorClass === OrgauthError) continue;
      expect(errorClass.prototype instanceof OrgauthError, name).toBe(true);
    }
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
  });

  it("isOrgauthError refuses other errors and non-errors", () => {
    expect(isOrgauthError(new Error("x"))).toBe(false);
    expect(isOrgauthError(new TypeError("x"))).toBe(false);
    expect(isOrgauthError({ type: "api", name: "ApiError" })).toBe(false);
    expect(isOrgauthError(undefined)).toBe(false);
  });
});
