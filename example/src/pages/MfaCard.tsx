/**
 * The Account screen's MFA card on `useMfa()`: loading, off (QR secret + code), on (turn off), or an error. The
 * backup codes are shown once, right after MFA was turned on here, like an API key's secret; later visits say how
 * many are left.
 */
import { useState } from "react";
import { useMfa, useUser, type MfaDisabled, type MfaEnabled } from "orgauth/react";
import { ErrorMessage } from "../components/ErrorMessage.js";
import { Card } from "../components/ui.js";
import { MfaEnrolmentForm } from "./MfaEnrolmentForm.js";

/** MFA status and the one action valid in it; the card shows a single state at a time. */
export function MfaCard({ title = "Two-factor authentication" }: { title?: string }) {
  const mfa = useMfa();
  const [justEnabled, setJustEnabled] = useState(false);
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
      {mfa.status === "disabled" && <TurnOn mfa={mfa} onEnabled={() => setJustEnabled(true)} />}
      {mfa.status === "enabled" && (
        <TurnOff mfa={mfa} showCodes={justEnabled} onDisabled={() => setJustEnabled(false)} />
      )}
      <ErrorMessage error={mfa.error} />
    </Card>
  );
}

function TurnOn({ mfa, onEnabled }: { mfa: MfaDisabled; onEnabled: () => void }) {
  const user = useUser();
  return (
    <MfaEnrolmentForm
      intro="Two-factor authentication is off. Scan this code with an authenticator app, then enter the 6-digit code it shows."
      secret={mfa.securityStatus.new_secret}
      account={user?.email ?? "you"}
      pending={mfa.pending}
      problemId="mfa-code-problem"
      onCode={(code) => void mfa.enable(code).then((enabled) => enabled && onEnabled())}
    />
  );
}

function TurnOff({ mfa, showCodes, onDisabled }: { mfa: MfaEnabled; showCodes: boolean; onDisabled: () => void }) {
  const codes = mfa.securityStatus.backup_codes;
  return (
    <>
      {showCodes ? (
        <div className="success" role="status">
          <p>Two-factor authentication is on. Save these backup codes now: they are shown only once.</p>
          <ul className="codes" aria-label="Backup codes">
            {codes.map((backupCode) => (
              <li key={backupCode}>{backupCode}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p role="status">
          Two-factor authentication is on. {codes.length} unused backup {codes.length === 1 ? "code" : "codes"} left for
          when your phone is not at hand.
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="danger"
          disabled={mfa.pending}
          onClick={() => void mfa.disable().then((disabled) => disabled && onDisabled())}
        >
          Turn off two-factor authentication
        </button>
      </div>
    </>
  );
}
