/** Creating an account (`flow.signup`); the flow moves on to the step the answer names. */
import { useState, type FormEvent } from "react";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { invalidIf } from "../../components/error-text.js";
import type { FlowAt } from "./flow-step.js";

/** The sign-up tab. */
export function SignupForm({ flow }: { flow: FlowAt<"LoginRequired"> }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const error = flow.failedAction === "signup" ? flow.error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flow.signup({ email, password, first_name: firstName, last_name: lastName });
  };
  return (
    <form onSubmit={submit}>
      <div className="grid">
        <label>
          First name
          <input
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            {...invalidIf(error, "first_name", "signup-error")}
          />
        </label>
        <label>
          Last name
          <input
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
            {...invalidIf(error, "last_name", "signup-error")}
          />
        </label>
      </div>
      <label>
        Email
        <input
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          {...invalidIf(error, "email", "signup-error")}
        />
      </label>
      <label>
        Password
        <input
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          {...invalidIf(error, "password", "signup-error")}
        />
      </label>
      <button type="submit" disabled={flow.pending}>
        Create account
      </button>
      <ErrorMessage error={error} id="signup-error" />
    </form>
  );
}
