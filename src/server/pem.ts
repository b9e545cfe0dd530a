/**
 * The verifier key's shape, checked when the server session is created: a PEM `PUBLIC KEY` whose body is base64 of
 * a DER SubjectPublicKeyInfo for an RSA key. Synchronous and free of `node:crypto`, so it runs in every runtime;
 * jose still imports the key on first use.
 */

/** The DER of the rsaEncryption algorithm identifier's OID (1.2.840.113549.1.1.1). */
const RSA_ENCRYPTION_OID = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];

/** The tag, the content's start and its end of the DER element at `at`, or undefined when it does not fit. */
function element(der: Uint8Array, at: number): { tag: number; start: number; end: number } | undefined {
  const tag = der[at];
  let length = der[at + 1];
  if (tag === undefined || length === undefined) return undefined;
  let start = at + 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    if (octets === 0 || octets > 3) return undefined;
    length = 0;
    for (let i = 0; i < octets; i++) length = length * 256 + (der[start + i] ?? Number.NaN);
    start += octets;
  }
  const end = start + length;
  return Number.isNaN(end) || end > der.length ? undefined : { tag, start, end };
}

/** The base64 body of a PEM `PUBLIC KEY` block, decoded, or undefined. */
function pemBody(pem: string): Uint8Array | undefined {
  const match = /^-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----$/.exec(pem.trim());
  if (!match) return undefined;
  try {
    return Uint8Array.from(atob(match[1]!.replace(/\s+/g, "")), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** Why a verifier key is not an RSA public key in PEM, or undefined when its shape is right. */
export function rsaPublicKeyProblem(pem: string): string | undefined {
  const der = pemBody(pem);
  if (der === undefined) return "expected a PEM public key (-----BEGIN PUBLIC KEY----- and base64)";
  const info = element(der, 0);
  if (info?.tag !== 0x30 || info.end !== der.length) return "the PEM body is not a DER public key";
  const algorithm = element(der, info.start);
  if (algorithm?.tag !== 0x30) return "the PEM body is not a DER public key";
  const oid = der.subarray(algorithm.start, algorithm.start + RSA_ENCRYPTION_OID.length);
  if (!RSA_ENCRYPTION_OID.every((byte, i) => oid[i] === byte)) return "not an RSA public key";
  const key = element(der, algorithm.end);
  if (key?.tag !== 0x03 || key.end !== info.end) return "the PEM body is not a DER public key";
  return undefined;
}
