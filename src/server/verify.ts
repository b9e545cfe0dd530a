/**
 * Access-token verification with jose: RS256 only, issuer = the auth URL's origin, `exp` required, a clock
 * tolerance. The key is the configured verifier key (PEM, no network) or, without one, the auth host's JWKS
 * (`/.well-known/jwks.json`, fetched by jose on first use, again after 10 minutes and, at most every 30 s, for a key id
 * it lacks). Every refusal is an `AccessTokenError`. A key set that cannot be fetched (`key_unavailable`) is an
 * outage, not a verdict on the token: for a few seconds after it, tokens are refused with the same reason without
 * another fetch, so an outage costs at most one fetch per few seconds.
 */
import {
  createRemoteJWKSet,
  customFetch,
  errors,
  importSPKI,
  jwtVerify,
  type CryptoKey,
  type JWTVerifyGetKey,
} from "jose";
import { readClaims } from "./claims.js";
import { AccessTokenError, type AccessTokenFailure } from "./errors.js";
import { configError, type ServerConfig } from "./options.js";
import { type ServerUser, toServerUser } from "./server-user.js";

/** How long after a failed key fetch tokens are refused as `key_unavailable` without fetching again, in milliseconds. */
const KEY_RETRY_MS = 5000;

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
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return "key_unavailable";
  // jose's generic error is what a key-set answer other than 200 gives
  if (error instanceof errors.JOSEError) return error.code === "ERR_JOSE_GENERIC" ? "key_unavailable" : "malformed";
  // Anything else comes from fetching the key set (network, HTTP status): it says nothing about the token.
  return "key_unavailable";
}

/** The key source: the PEM imported once (its shape was checked at creation), or the auth host's remote key set. */
function keySource(config: ServerConfig): CryptoKey | JWTVerifyGetKey | Promise<CryptoKey> {
  if (config.verifierKey === undefined) {
    const jwksUrl = new URL("/.well-known/jwks.json", config.authOrigin);
    return createRemoteJWKSet(jwksUrl, { timeoutDuration: config.timeoutMs, [customFetch]: config.fetch });
  }
  return importSPKI(config.verifierKey, "RS256").catch((error: unknown) => {
    throw configError("verifierKey", `not an RSA public key (${String(error)})`);
  });
}

/** A verifier for the configured issuer and key. */
export function createAccessTokenVerifier(config: ServerConfig): AccessTokenVerifier {
  let key: ReturnType<typeof keySource> | undefined;
  let outage: { until: number; message: string } | undefined;
  return async (token) => {
    if (typeof token !== "string" || token === "") throw new AccessTokenError("missing", "no access token");
    if (outage && Date.now() < outage.until) {
      throw new AccessTokenError("key_unavailable", `${outage.message} (not fetched again for a few seconds)`);
    }
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
      const reason = failureOf(error);
      const message = error instanceof Error ? error.message : String(error);
      if (reason === "key_unavailable") outage = { until: Date.now() + KEY_RETRY_MS, message };
      throw new AccessTokenError(reason, message, { cause: error });
    }
    const read = readClaims(payload);
    if (!read.ok) throw new AccessTokenError("malformed", read.problem);
    return toServerUser(token, read.claims);
  };
}
