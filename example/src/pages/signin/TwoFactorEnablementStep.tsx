/** TwoFactorEnablementRequired: scan the setup's QR secret (`flow.mfaSetup`) and confirm a code (`flow.enableMfa`). */
import { useState, type FormEvent } from "react";
import { CodeProblem, checkAppCode } from "../../components/code-check.js";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { Card } from "../../components/ui.js";
import { MfaSecret } from "../MfaSecret.js";
import type { FlowAt } from "./flow-step.js";

/** The enable-MFA step. */
export function TwoFactorEnablementStep({ flow }: { flow: FlowAt<"TwoFactorEnablementRequired"> }) {
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const setup = flow.mfaSetup;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAppCode(code);
    setProblem("problem" in checked ? checked.problem : null);
    if ("code" in checked) void flow.enableMfa({ code: checked.code });
  };
  return (
    <Card title="Turn on two-factor authentication">
      {setup === null && flow.error === null && <p className="muted">Loading…</p>}
      {setup?.type === "Disabled" && (
        <form onSubmit={submit} noValidate>
          <p>
            Your organisation requires two-factor authentication. Scan this code with an authenticator app, then enter
            the 6-digit code it shows.
          </p>
          <MfaSecret secret={setup.new_secret} account="you" />
          <label>
            Code from the app
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              placeholder="123456"
              aria-invalid={problem !== null}
              aria-describedby={problem ? "enable-code-problem" : undefined}
            />
          </label>
          <CodeProblem id="enable-code-problem" problem={problem} />
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
