import { describe, expect, it } from "vitest";
import { learnClockSkew, secondsRemaining } from "../../../src/session/clock-skew.js";

const clientNow = Date.parse("2026-01-01T01:00:00Z"); // the client clock is 1 h ahead of the server
const serverNow = Date.parse("2026-01-01T00:00:00Z");

function jwt(payload: object): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${encode({ alg: "none" })}.${encode(payload)}.sig`;
}

describe("clock skew", () => {
  it("learns the offset from the Date header", () => {
    expect(learnClockSkew(new Date(serverNow).toUTCString(), null, clientNow)).toEqual({
      offsetMs: -3_600_000,
      source: "date_header",
    });
  });

  it("falls back to the token's iat claim when the Date header is not readable (cross-origin)", () => {
    expect(learnClockSkew(null, jwt({ iat: serverNow / 1000 }), clientNow)).toEqual({
      offsetMs: -3_600_000,
      source: "token_iat",
    });
  });

  it("treats sub-2 s offsets (header resolution) and opaque tokens as no skew", () => {
    expect(learnClockSkew(new Date(clientNow - 1_000).toUTCString(), null, clientNow).offsetMs).toBe(0);
    expect(learnClockSkew(null, "opaque-token", clientNow).offsetMs).toBe(0);
  });

  it("computes the remaining seconds in the server's clock", () => {
    const expiresAt = serverNow / 1000 + 1800;
    expect(secondsRemaining(expiresAt, clientNow, -3_600_000)).toBe(1800);
    expect(secondsRemaining(expiresAt, clientNow, 0)).toBe(-1800); // uncorrected: looks expired → refresh storm
  });
});
