/** The Account screen's MFA card on `useMfa()`: loading, off (QR secret + code), on (backup codes + turn off), or an error. */
import { useState, type FormEvent } from "react";
import { useMfa, useUser, type MfaDisabled, type MfaEnabled } from "orgauth/react";
import { ErrorMessage } from "../components/ErrorMessage.js";
import { CodeProblem, checkAppCode } from "../components/code-check.js";
import { Card } from "../components/ui.js";
import { MfaSecret } from "./MfaSecret.js";

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
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAppCode(code);
    setProblem("problem" in checked ? checked.problem : null);
    if ("code" in checked) await mfa.enable(checked.code);
  };
  return (
    <form onSubmit={submit} noValidate>
      <p>
        Two-factor authentication is off. Scan this code with an authenticator app, then enter the 6-digit code it
        shows.
      </p>
      <MfaSecret secret={mfa.securityStatus.new_secret} account={user?.email ?? "you"} />
      <label>
        Code from the app
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder="123456"
          aria-invalid={problem !== null}
          aria-describedby={problem ? "mfa-code-problem" : undefined}
        />
      </label>
      <CodeProblem id="mfa-code-problem" problem={problem} />
      <div className="actions">
        <button type="submit" disabled={mfa.pending}>
          Turn on two-factor authentication
        </button>
      </div>
    </form>
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
