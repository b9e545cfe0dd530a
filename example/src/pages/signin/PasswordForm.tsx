/** Email and password sign-in (`flow.login`). */
import { useState, type FormEvent } from "react";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { invalidIf } from "../../components/error-text.js";
import { ON_EMULATOR } from "../../backend.js";
import type { FlowAt } from "./flow-step.js";

/** The password tab; it shows the flow's error when it came from `login`. */
export function PasswordForm({ flow }: { flow: FlowAt<"LoginRequired"> }) {
  const [email, setEmail] = useState("ada@acme.example");
  const [password, setPassword] = useState("");
  const error = flow.failedAction === "login" ? flow.error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flow.login({ email, password });
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
          {...invalidIf(error, "email", "login-error")}
        />
      </label>
      <label>
        Password
        <input
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          {...invalidIf(error, "password", "login-error")}
        />
      </label>
      <button type="submit" disabled={flow.pending}>
        Sign in
      </button>
      <ErrorMessage error={error} id="login-error" />
      <p className="muted small">
        {ON_EMULATOR ? (
          <>
            Demo accounts: ada@, grace@, alan@ or mallory@acme.example, password{" "}
            <code className="nowrap">orgauth-demo</code>.
          </>
        ) : (
          "The Prism mock signs in any email and password. Pick a scenario in the developer toolbar for other answers."
        )}
      </p>
    </form>
  );
}
