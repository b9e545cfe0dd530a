/** Email and password sign-in (`flow.login`). */
import { useState, type FormEvent } from "react";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import type { FlowAt } from "./flow-step.js";

/** The password tab; it shows the flow's error when it came from `login`. */
export function PasswordForm({ flow }: { flow: FlowAt<"LoginRequired"> }) {
  const [email, setEmail] = useState("ada@acme.example");
  const [password, setPassword] = useState("");
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
        />
      </label>
      <button type="submit" disabled={flow.pending}>
        Sign in
      </button>
      <ErrorMessage error={flow.failedAction === "login" ? flow.error : null} />
      <p className="muted small">
        On the emulator, sign in as ada@acme.example with the password orgauth-demo; on the Prism mock (npm run demo --
        --prism) any email and password work. Pick a scenario below for the other answers.
      </p>
    </form>
  );
}
