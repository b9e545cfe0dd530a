/** The QR code and secret of an MFA setup, for the authenticator app. */
import { useEffect, useState } from "react";
import QRCode from "qrcode";

/** The `otpauth://` URI an authenticator app reads from the QR code (RFC 6238 TOTP, the app's defaults). */
function otpauthUri(secret: string, account: string, issuer = "orgauth demo"): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(issuer)}`;
}

/** A QR code of `text` as an SVG data URL, drawn by the `qrcode` library; null until drawn or when it cannot be. */
function useQrCode(text: string): string | null {
  const [drawn, setDrawn] = useState<{ text: string; url: string | null } | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 }).then(
      (svg) => current && setDrawn({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
      () => current && setDrawn({ text, url: null }),
    );
    return () => {
      current = false;
    };
  }, [text]);
  return drawn?.text === text ? drawn.url : null;
}

/** Shows a scannable QR code of the secret and the typed-out secret (labelled "MFA secret"). */
export function MfaSecret({ secret, account }: { secret: string; account: string }) {
  const qr = useQrCode(otpauthUri(secret, account));
  return (
    <div className="mfa-secret">
      {qr ? (
        <img className="qr" src={qr} alt="MFA QR code" width={160} height={160} />
      ) : (
        <div className="qr qr-pending" aria-hidden />
      )}
      <div>
        <div className="muted small">Or type the secret:</div>
        <section className="secret" aria-label="MFA secret">
          {secret}
        </section>
      </div>
    </div>
  );
}
