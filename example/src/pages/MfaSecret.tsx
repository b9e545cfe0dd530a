/** The QR code and secret of an MFA setup, for the authenticator app. */

/** Shows the QR image and the typed-out secret (labelled "MFA secret"). */
export function MfaSecret({ qr, secret }: { qr: string; secret: string }) {
  return (
    <div className="actions">
      <img className="qr" src={qr} alt="MFA QR code" width={96} height={96} />
      <div>
        <div className="muted small">Or type the secret:</div>
        <div className="secret" aria-label="MFA secret">
          {secret}
        </div>
      </div>
    </div>
  );
}
