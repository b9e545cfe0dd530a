/** ConfirmEmailRequired: resend the email (`flow.resendEmailConfirmation`), then re-read the step (`flow.reload`). */
import { useState } from "react";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { Success } from "../../components/ui.js";
import type { FlowAt } from "./flow-step.js";

/** The confirm-email step; in the demo resending stands in for clicking the emailed link. */
export function ConfirmEmailStep({ flow }: { flow: FlowAt<"ConfirmEmailRequired"> }) {
  const [sent, setSent] = useState(false);
  const resend = async () => {
    setSent(false);
    setSent(await flow.resendEmailConfirmation());
  };
  return (
    <section className="card" aria-label="Confirm your email">
      <h1>Confirm your email</h1>
      <p>We sent you a link. Click it to confirm your address, then continue.</p>
      <div className="actions">
        <button type="button" className="secondary" disabled={flow.pending} onClick={() => void resend()}>
          Resend the email
        </button>
        <button type="button" onClick={flow.reload}>
          I have confirmed it
        </button>
      </div>
      <ErrorMessage error={flow.error} />
      {sent && <Success>Email sent. (In the demo this counts as clicking its link.)</Success>}
    </section>
  );
}
