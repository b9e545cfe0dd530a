/** TwoFactorEnablementRequired: scan the setup's QR secret (`flow.mfaSetup`) and confirm a code (`flow.enableMfa`). */
import { useState, type FormEvent } from "react";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { Card } from "../../components/ui.js";
import { MfaSecret } from "../MfaSecret.js";
import type { FlowAt } from "./flow-step.js";

/** The enable-MFA step. */
export function TwoFactorEnablementStep({ flow }: { flow: FlowAt<"TwoFactorEnablementRequired"> }) {
  const [code, setCode] = useState("");
  const setup = flow.mfaSetup;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flow.enableMfa({ code });
  };
  return (
    <Card title="Turn on two-factor authentication">
      {setup === null && flow.error === null && <p className="muted">Loading…</p>}
      {setup?.type === "Disabled" && (
        <form onSubmit={submit}>
          <p>Your organisation requires two-factor authentication. Scan this code with an authenticator app, then enter the 6-digit code it shows.</p>
          <MfaSecret qr={setup.new_qr} secret={setup.new_secret} />
          <label>
            Code from the app
            <input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} placeholder="123456" />
          </label>
          <div className="actions">
            <button type="submit" disabled={flow.pending}>
              Turn on two-factor authentication
            </button>
          </div>
        </form>
      )}
      <ErrorMessage error={flow.error} />
    </Card>
  );
}
