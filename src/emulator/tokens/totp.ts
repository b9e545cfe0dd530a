import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { randomBytes } from "node:crypto";

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), the parameters every authenticator app accepts. */
const totpFor = (secret: string, label = "user"): TOTP =>
  new TOTP({
    issuer: "orgauth emulator",
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

/** A fresh base32 TOTP secret (160 bits). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI and its QR code as a PNG data URL, for an authenticator app to scan. */
export async function totpQr(secret: string, label: string): Promise<string> {
  return QRCode.toDataURL(totpFor(secret, label).toString());
}

/** Whether `code` is valid for `secret` now, allowing one period of clock drift either way. */
export function checkTotp(secret: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return totpFor(secret).validate({ token: code, window: 1 }) !== null;
}

/** The current code for `secret` (for tests and the seed's demo users). */
export const currentTotp = (secret: string): string => totpFor(secret).generate();

/** Ten single-use backup codes, `xxxx-xxxx` in lower-case hex. */
export function newBackupCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const hex = randomBytes(4).toString("hex");
    return `${hex.slice(0, 4)}-${hex.slice(4)}`;
  });
}
