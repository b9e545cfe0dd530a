/** SAML sign-in by work email or domain (`flow.loginWithSaml`). */
import { useState, type FormEvent } from "react";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { invalidIf } from "../../components/error-text.js";
import type { FlowAt } from "./flow-step.js";

/** The SSO tab: an address with `@` is looked up as an email, anything else as a domain. */
export function SsoForm({ flow }: { flow: FlowAt<"LoginRequired"> }) {
  const [lookup, setLookup] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flow.loginWithSaml(lookup.includes("@") ? { email: lookup } : { domain: lookup });
  };
  return (
    <form onSubmit={submit}>
      <label>
        Work email or domain
        <input
          required
          value={lookup}
          onChange={(event) => setLookup(event.target.value)}
          placeholder="you@acme.example or acme.example"
          {...invalidIf(flow.failedAction === "loginWithSaml" ? flow.error : null, "email", "sso-error")}
          {...invalidIf(flow.failedAction === "loginWithSaml" ? flow.error : null, "domain", "sso-error")}
        />
      </label>
      <button type="submit" disabled={flow.pending}>
        Continue with SSO
      </button>
      <ErrorMessage error={flow.failedAction === "loginWithSaml" ? flow.error : null} id="sso-error" />
    </form>
  );
}
