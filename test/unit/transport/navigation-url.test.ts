import { describe, expect, it } from "vitest";
import { ssrAuthorizeUrl } from "../../../src/generated/server-operations.js";
import { RequestValidationError } from "../../../src/transport/errors.js";

/** The authorize navigation passes through query names the contract does not define: each arrives as it was given. */
describe("ssrAuthorizeUrl's pass-through query names", () => {
  const base = { redirect_uri: "https://app.example.com/api/auth/callback", state: "s1" };

  it("percent-encodes a name holding & or =, so it neither splits the query nor adds a parameter", () => {
    const url = new URL(ssrAuthorizeUrl("https://auth.example.com", { ...base, "a&b=c": "v", "é x": "w" }));
    expect(url.searchParams.get("a&b=c")).toBe("v");
    expect(url.searchParams.get("é x")).toBe("w");
    expect([...url.searchParams.keys()]).toEqual(["redirect_uri", "state", "a&b=c", "é x"]);
  });

  it("refuses a name with a lone surrogate as a RequestValidationError naming it, the URIError as its cause", () => {
    const call = () => ssrAuthorizeUrl("https://auth.example.com", { ...base, "\ud800": "v" });
    expect(call).toThrow(RequestValidationError);
    expect(call).toThrow(/query/);
    expect(() => call()).toThrow(expect.objectContaining({ cause: expect.any(URIError) }));
  });
});
