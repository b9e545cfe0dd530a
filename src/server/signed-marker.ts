/**
 * Small signed values the login round trip carries in URLs (the `state` and the cookie check's marker): JSON,
 * base64url, and an HMAC-SHA-256 under a key derived from the API key, so the app can tell its own values from
 * forged or garbled ones without storing anything.
 */

const encoder = new TextEncoder();

/** Bytes as base64url without padding. */
function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** base64url (padding optional) as bytes, or null when it is not base64url. */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** `bytes` random bytes as hex. */
export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, "0")).join(
    "",
  );
}

/** Signs and reads markers of one purpose under one secret. */
export interface MarkerSigner {
  /** `payload` as `<base64url JSON>.<base64url HMAC>`. */
  sign(payload: Record<string, unknown>): Promise<string>;
  /** The payload of a marker this signer made, or null for anything else. */
  read(marker: string | null | undefined): Promise<Record<string, unknown> | null>;
}

/** A signer whose key is derived from `secret` and `purpose` (markers of one purpose never pass as another's). */
export function createMarkerSigner(secret: string, purpose: string): MarkerSigner {
  let key: Promise<CryptoKey> | undefined;
  const hmacKey = () =>
    (key ??= crypto.subtle
      .digest("SHA-256", encoder.encode(`orgauth:${purpose}:${secret}`))
      .then((raw) =>
        crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]),
      ));
  return {
    async sign(payload) {
      const body = toBase64Url(encoder.encode(JSON.stringify(payload)));
      const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(), encoder.encode(body)));
      return `${body}.${toBase64Url(mac)}`;
    },
    async read(marker) {
      if (typeof marker !== "string" || marker.length > 4096) return null;
      const [body, mac, extra] = marker.split(".");
      if (body === undefined || mac === undefined || extra !== undefined) return null;
      const macBytes = fromBase64Url(mac);
      if (macBytes === null) return null;
      const valid = await crypto.subtle.verify("HMAC", await hmacKey(), macBytes, encoder.encode(body));
      if (!valid) return null;
      const bytes = fromBase64Url(body);
      if (bytes === null) return null;
      try {
        const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
        return typeof payload === "object" && payload !== null && !Array.isArray(payload)
          ? (payload as Record<string, unknown>)
          : null;
      } catch {
        return null;
      }
    },
  };
}
