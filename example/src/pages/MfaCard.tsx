/** The Account screen's MFA card on `useMfa()`: loading, off (QR secret + code), on (backup codes + turn off), or an error. */
import { useState, type FormEvent } from "react";
import { useMfa } from "orgauth/react";
import { ErrorMessage } from "../components/ErrorMessage.js";
import { Card, Success } from "../components/ui.js";
import { MfaSecret } from "./MfaSecret.js";

/** MFA status and the action valid in it; the last action's outcome stays shown until the next one. */
export function MfaCard({ title = "Two-factor authentication" }: { title?: string }) {
  const mfa = useMfa();
  const [code, setCode] = useState("");
  const [done, setDone] = useState<"on" | "off" | null>(null);
  const security = mfa.securityStatus;
  const enable = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (await mfa.enable(code)) setDone("on");
  };
  const disable = async () => {
    setDone(null);
    if (await mfa.disable()) setDone("off");
  };
  return (
    <Card title={title}>
      {mfa.status === "loading" && <p className="muted">Loading…</p>}
      {mfa.status === "unexpected_error" && <p>The two-factor authentication status could not be loaded.</p>}
      {mfa.status === "disabled" && security?.type === "Disabled" && (
        <form onSubmit={enable}>
          <p>Two-factor authentication is off. Scan this code with an authenticator app, then enter the 6-digit code it shows.</p>
          <MfaSecret qr={security.new_qr} secret={security.new_secret} />
          <label>
            Code from the app
            <input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} placeholder="123456" />
          </label>
          <div className="actions">
            <button type="submit" disabled={mfa.pending}>
              Turn on two-factor authentication
            </button>
          </div>
        </form>
      )}
      {mfa.status === "enabled" && security?.type === "Enabled" && (
        <>
          <p>Two-factor authentication is on. Keep these backup codes somewhere safe:</p>
          <ul className="codes" aria-label="Backup codes">
            {security.backup_codes.map((backupCode) => (
              <li key={backupCode}>{backupCode}</li>
            ))}
          </ul>
          <div className="actions">
            <button type="button" className="danger" disabled={mfa.pending} onClick={() => void disable()}>
              Turn off two-factor authentication
            </button>
          </div>
        </>
      )}
      <ErrorMessage error={mfa.error} />
      {done === "on" && <Success>Two-factor authentication is on.</Success>}
      {done === "off" && <Success>Two-factor authentication is off.</Success>}
    </Card>
  );
}
