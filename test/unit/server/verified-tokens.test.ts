/**
 * `rememberVerified`: a token's signature is checked once while it lives; an expired one is verified (refused) again;
 * a full memory forgets the least recently read token.
 */
import { describe, expect, it } from "vitest";
import { AccessTokenError, createServerAuth, type ServerUser } from "../../../src/server/index.js";
import { rememberVerified } from "../../../src/server/verified-tokens.js";
import type { AccessTokenVerifier } from "../../../src/server/verify.js";
import { appOptions, createFakeAuthHost, userClaims } from "./fake-auth-host.js";

describe("verified tokens are remembered until they expire", () => {
  it("verifies a token's signature once for many reads; an expired token is refused, a forged one too", async () => {
    const host = await createFakeAuthHost();
    const { verifierKey: _pem, ...withoutPem } = appOptions(host);
    const auth = createServerAuth(withoutPem); // the key set: a fetch shows each verification that needs the key
    const token = await host.sign(userClaims(), { expiresIn: 600 });
    const reads = await Promise.all([1, 2, 3].map(() => auth.verifyAccessToken(token)));
    for (let i = 0; i < 5; i++) reads.push(await auth.verifyAccessToken(token));
    expect(new Set(reads.map((user) => user.email))).toEqual(new Set(["ada@example.com"]));
    // the key set was fetched once (jose), and later reads did not verify again: the same user object each time
    expect(host.callsTo("/.well-known/jwks.json").length).toBe(1);
    expect(new Set(reads.slice(3)).size).toBe(1);
    const expired = await host.sign(userClaims(), { expiresIn: -120 });
    await expect(auth.verifyAccessToken(expired)).rejects.toMatchObject({ reason: "expired" });
    const forged = `${token.slice(0, token.lastIndexOf(".") + 1)}${"A".repeat(342)}`;
    await expect(auth.verifyAccessToken(forged)).rejects.toBeInstanceOf(AccessTokenError);
  });
});

describe("the memory of verified tokens keeps the tokens in use", () => {
  it("forgets the least recently read token when full, not the first verified: a session in use stays remembered", async () => {
    const verifications: string[] = [];
    const verify: AccessTokenVerifier = async (token) => {
      verifications.push(String(token));
      return { accessToken: String(token), expiresAtSeconds: Date.now() / 1000 + 600 } as ServerUser;
    };
    const remembered = rememberVerified(verify, 10);
    await remembered("in-use");
    // 600 other tokens pass through while "in-use" is read again and again: more than the memory holds
    for (let i = 0; i < 600; i++) {
      await remembered(`passing-${i}`);
      await remembered("in-use");
    }
    expect(verifications.filter((token) => token === "in-use")).toHaveLength(1);
    await remembered("passing-0"); // the least recently read were forgotten
    expect(verifications.filter((token) => token === "passing-0")).toHaveLength(2);
  });
});
