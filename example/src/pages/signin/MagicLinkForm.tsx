/** Passwordless sign-in: email me a link (`flow.loginPasswordless`). */
import { useState, type FormEvent } from "react";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { invalidIf } from "../../components/error-text.js";
import { Success } from "../../components/ui.js";
import type { FlowAt } from "./flow-step.js";

/** The magic-link tab. */
export function MagicLinkForm({ flow }: { flow: FlowAt<"LoginRequired"> }) {
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    if (await flow.loginPasswordless({ email, create_if_doesnt_exist: true })) setSentTo(email);
  };
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
          {...invalidIf(flow.failedAction === "loginPasswordless" ? flow.error : null, "email", "magic-error")}
        />
      </label>
      <button type="submit" disabled={flow.pending}>
        Email me a sign-in link
      </button>
      <ErrorMessage error={flow.failedAction === "loginPasswordless" ? flow.error : null} id="magic-error" />
      {sentTo !== null && <Success>Check {sentTo}: a sign-in link is on its way.</Success>}
    </form>
  );
}
