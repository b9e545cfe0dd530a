import { type JWK, type JWTPayload, SignJWT, importJWK, jwtVerify } from "jose";
import type { SigningKey } from "./signing-key.js";

/** Signs access tokens (RS256) and publishes the public key (JWKS, PEM) so an app's backend can verify them. */
export interface TokenSigner {
  sign(claims: Record<string, unknown>, subject: string, expiresAtSeconds: number): Promise<string>;
  jwks(): { keys: JWK[] };
  /** The public key as PEM: the `verifierKey` a backend library is given. */
  pem(): string;
  /** The `iss` of every token: the auth URL's origin. */
  issuer(): string;
  /** The claims of a token this signer issued, still valid (signature, issuer, expiry); null for any other. */
  verify(token: string): Promise<JWTPayload | null>;
}

/** A signer over the database's key; `issuer` is read at each signing (the public URL is known once listening). */
export function createTokenSigner(key: SigningKey, issuer: () => string): TokenSigner {
  return {
    issuer,
    sign: (claims, subject, expiresAtSeconds) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "JWT" })
        .setIssuer(issuer())
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime(expiresAtSeconds)
        .sign(key.privateKey),
    jwks: () => ({ keys: [key.publicJwk] }),
    pem: () => key.publicPem,
    async verify(token) {
      try {
        const publicKey = await importJWK(key.publicJwk, "RS256");
        const { payload } = await jwtVerify(token, publicKey, { issuer: issuer(), algorithms: ["RS256"] });
        return payload;
      } catch {
        return null;
      }
    },
  };
}
