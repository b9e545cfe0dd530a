/** Asking for a password reset (`flow.forgotPassword`), then its message and webmail links (`flow.passwordReset`). */
import { useState, type FormEvent } from "react";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { invalidIf } from "../../components/error-text.js";
import type { FlowAt } from "./flow-step.js";

/** The forgot-password tab. */
export function ForgotPasswordForm({ flow }: { flow: FlowAt<"LoginRequired"> }) {
  const [email, setEmail] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flow.forgotPassword({ email });
  };
  const answer = flow.passwordReset;
  return (
    <form onSubmit={submit}>
      <label>
        Email
        <input
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          {...invalidIf(flow.failedAction === "forgotPassword" ? flow.error : null, "email", "forgot-error")}
        />
      </label>
      <button type="submit" disabled={flow.pending}>
        Send reset link
      </button>
      <ErrorMessage error={flow.failedAction === "forgotPassword" ? flow.error : null} id="forgot-error" />
      {answer && (
        <div role="status" className="success">
          <p>{answer.message}</p>
          <div className="actions">
            {Object.entries(answer.sniper_links).map(([provider, href]) => (
              <a key={provider} href={href} target="_blank" rel="noreferrer">
                Open {provider}
              </a>
            ))}
          </div>
        </div>
      )}
    </form>
  );
}
