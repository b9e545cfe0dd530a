import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";

/** Signs access tokens (RS256) and publishes the public key as a JWKS so an app's backend can verify them. */
export interface TokenSigner {
  sign(claims: Record<string, unknown>, subject: string, expiresAtSeconds: number): Promise<string>;
  jwks(): { keys: JWK[] };
  issuer: string;
}

/** A signer with a key pair made at start-up; `issuer` goes in every token's `iss`. */
export async function createTokenSigner(issuer: string): Promise<TokenSigner> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = `emulator-${Date.now().toString(36)}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  return {
    issuer,
    sign: (claims, subject, expiresAtSeconds) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
        .setIssuer(issuer)
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime(expiresAtSeconds)
        .sign(privateKey),
    jwks: () => ({ keys: [publicJwk] }),
  };
}
