import { exportJWK, exportSPKI, generateKeyPair, importJWK, type JWK } from "jose";
import type { SqlPort } from "../db/sql.js";

/** The key pair access tokens are signed with: made once per database and kept with the data. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  /** The public key as a JWK (with kid, alg and use), for the JWKS. */
  publicJwk: JWK;
  /** The public key as PEM (SPKI), what a backend library takes as its verifier key. */
  publicPem: string;
}

/**
 * The database's signing key, created on first use. Two processes starting together on one database race to
 * insert theirs; `on conflict do nothing` keeps the first, and both read back the same row — so every process on a
 * database, and every restart on kept data, signs with one key.
 */
export async function loadSigningKey(db: SqlPort): Promise<SigningKey> {
  let stored = await readStored(db);
  if (!stored) {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const kid = `emulator-${crypto.randomUUID()}`;
    await db.query(
      "insert into emu_signing_key (id, kid, private_jwk, created_at) values (1, $1, $2, now()) on conflict (id) do nothing",
      [kid, JSON.stringify(await exportJWK(privateKey))],
    );
    stored = await readStored(db);
  }
  if (!stored) throw new Error("The emulator's signing key could not be stored");
  const privateKey = (await importJWK(stored.private_jwk, "RS256", { extractable: true })) as CryptoKey;
  const { n, e } = stored.private_jwk;
  if (!n || !e) throw new Error("The emulator's stored signing key is not an RSA key");
  const publicJwk: JWK = { kty: "RSA", n, e, kid: stored.kid, alg: "RS256", use: "sig" };
  const publicKey = (await importJWK(publicJwk, "RS256", { extractable: true })) as CryptoKey;
  return { kid: stored.kid, privateKey, publicJwk, publicPem: await exportSPKI(publicKey) };
}

async function readStored(db: SqlPort): Promise<{ kid: string; private_jwk: JWK } | undefined> {
  const { rows } = await db.query<{ kid: string; private_jwk: JWK }>(
    "select kid, private_jwk from emu_signing_key where id = 1",
  );
  return rows[0];
}
