/** TwoFactorEnablementRequired: scan the setup's QR secret (`flow.mfaSetup`) and confirm a code (`flow.enableMfa`). */
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { Card } from "../../components/ui.js";
import { MfaEnrolmentForm } from "../MfaEnrolmentForm.js";
import type { FlowAt } from "./flow-step.js";

/** The enable-MFA step. */
export function TwoFactorEnablementStep({ flow }: { flow: FlowAt<"TwoFactorEnablementRequired"> }) {
  const setup = flow.mfaSetup;
  return (
    <Card title="Turn on two-factor authentication">
      {setup === null && flow.error === null && <p className="muted">Loading…</p>}
      {setup?.type === "Disabled" && (
        <MfaEnrolmentForm
          intro="Your organisation requires two-factor authentication. Scan this code with an authenticator app, then enter the 6-digit code it shows."
          secret={setup.new_secret}
          account="you"
          pending={flow.pending}
          problemId="enable-code-problem"
          onCode={(code) => void flow.enableMfa({ code })}
        />
      )}
      <ErrorMessage error={flow.error} />
    </Card>
  );
}
