/** The Account screen's MFA card on `useMfa()`: loading, off (QR secret + code), on (backup codes + turn off), or an error. */
import { useMfa, useUser, type MfaDisabled, type MfaEnabled } from "orgauth/react";
import { ErrorMessage } from "../components/ErrorMessage.js";
import { Card } from "../components/ui.js";
import { MfaEnrolmentForm } from "./MfaEnrolmentForm.js";

/** MFA status and the one action valid in it; the card shows a single state at a time. */
export function MfaCard({ title = "Two-factor authentication" }: { title?: string }) {
  const mfa = useMfa();
  return (
    <Card title={title}>
      {mfa.status === "loading" && <p className="muted">Loading…</p>}
      {mfa.status === "unexpected_error" && (
        <>
          <p>The two-factor authentication status could not be loaded.</p>
          <div className="actions">
            <button type="button" className="secondary" onClick={() => void mfa.reload()}>
              Try again
            </button>
          </div>
        </>
      )}
      {mfa.status === "disabled" && <TurnOn mfa={mfa} />}
      {mfa.status === "enabled" && <TurnOff mfa={mfa} />}
      <ErrorMessage error={mfa.error} />
    </Card>
  );
}

function TurnOn({ mfa }: { mfa: MfaDisabled }) {
  const user = useUser();
  return (
    <MfaEnrolmentForm
      intro="Two-factor authentication is off. Scan this code with an authenticator app, then enter the 6-digit code it shows."
      secret={mfa.securityStatus.new_secret}
      account={user?.email ?? "you"}
      pending={mfa.pending}
      problemId="mfa-code-problem"
      onCode={(code) => void mfa.enable(code)}
    />
  );
}

function TurnOff({ mfa }: { mfa: MfaEnabled }) {
  return (
    <>
      <p role="status">Two-factor authentication is on. Keep these backup codes somewhere safe:</p>
      <ul className="codes" aria-label="Backup codes">
        {mfa.securityStatus.backup_codes.map((backupCode) => (
          <li key={backupCode}>{backupCode}</li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" className="danger" disabled={mfa.pending} onClick={() => void mfa.disable()}>
          Turn off two-factor authentication
        </button>
      </div>
    </>
  );
}
