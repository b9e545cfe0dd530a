import { describe, expect, it } from "vitest";
import { toAuthOrigin } from "../../../src/transport/auth-url.js";
import { createTransport } from "../../../src/transport/index.js";

describe("authUrl", () => {
  it("is reduced to its origin", () => {
    expect(toAuthOrigin("https://auth.example.com/some/path?x=1#frag")).toBe("https://auth.example.com");
    expect(toAuthOrigin("http://localhost:4010/")).toBe("http://localhost:4010");
  });

  it.each(["", "not a url", "auth.example.com", "javascript:alert(1)", "ftp://auth.example.com"])(
    "rejects %j with the invalid-auth-URL message",
    (authUrl) => {
      expect(() => toAuthOrigin(authUrl)).toThrow("Unable to initialize auth client");
      expect(() => createTransport({ authUrl })).toThrow("Unable to initialize auth client");
    },
  );
});
