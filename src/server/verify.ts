/**
 * Access-token verification with jose: RS256 only, issuer = the auth URL's origin, `exp` required, a clock
 * tolerance. The key is the configured verifier key (PEM, no network) or, without one, the auth host's key set
 * (key-set.ts: the last good set stays in use while the host is down). Every refusal is an `AccessTokenError`; a key
 * set that cannot be fetched (`key_unavailable`) is an outage, not a verdict on the token.
 */
import { type CryptoKey, errors, importSPKI, type JWTVerifyGetKey, jwtVerify } from "jose";
import { readClaims } from "./claims.js";
import { AccessTokenError, type AccessTokenFailure } from "./errors.js";
import { createKeySet } from "./key-set.js";
import { configError, type ServerConfig } from "./options.js";
import { type ServerUser, toServerUser } from "./server-user.js";

/** Verifies a token and builds the user from it. */
export type AccessTokenVerifier = (token: string | null | undefined) => Promise<ServerUser>;

/** The refusal reason of a jose error. */
function failureOf(error: unknown): AccessTokenFailure {
  if (error instanceof errors.JWTExpired) return "expired";
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "iss") return "wrong_issuer";
    if (error.claim === "nbf") return "not_yet_valid";
    return "malformed";
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return "wrong_algorithm";
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return "bad_signature";
  }
  // the key set's own failures are AccessTokenErrors already (key-set.ts); what is left is the token's form
  return "malformed";
}

/** The key source: the PEM imported once (its shape was checked at creation), or the auth host's key set. */
function keySource(config: ServerConfig): CryptoKey | JWTVerifyGetKey | Promise<CryptoKey> {
  if (config.verifierKey === undefined) return createKeySet(config);
  return importSPKI(config.verifierKey, "RS256").catch((error: unknown) => {
    throw configError("verifierKey", `not an RSA public key (${String(error)})`);
  });
}

/** A verifier for the configured issuer and key. */
export function createAccessTokenVerifier(config: ServerConfig): AccessTokenVerifier {
  let key: ReturnType<typeof keySource> | undefined;
  return async (token) => {
    if (typeof token !== "string" || token === "") throw new AccessTokenError("missing", "no access token");
    key ??= keySource(config);
    const resolved = await key;
    let payload: unknown;
    try {
      const options = {
        issuer: config.authOrigin,
        algorithms: ["RS256"],
        clockTolerance: config.clockToleranceSeconds,
        requiredClaims: ["exp"],
      };
      ({ payload } =
        typeof resolved === "function"
          ? await jwtVerify(token, resolved, options)
          : await jwtVerify(token, resolved, options));
    } catch (error) {
      if (error instanceof AccessTokenError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new AccessTokenError(failureOf(error), message, { cause: error });
    }
    const read = readClaims(payload);
    if (!read.ok) throw new AccessTokenError("malformed", read.problem);
    return toServerUser(token, read.claims);
  };
}
