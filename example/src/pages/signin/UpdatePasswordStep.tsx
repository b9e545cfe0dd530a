/** UpdatePasswordRequired: choose a new password (`flow.updatePassword`). */
import { useState, type FormEvent } from "react";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { Card } from "../../components/ui.js";
import type { FlowAt } from "./flow-step.js";

/** The new-password step. */
export function UpdatePasswordStep({ flow }: { flow: FlowAt<"UpdatePasswordRequired"> }) {
  const [password, setPassword] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flow.updatePassword({ password });
  };
  return (
    <Card title="Choose a new password">
      <form onSubmit={submit}>
        <label>
          New password
          <input
            type="password"
            required
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <div className="actions">
          <button type="submit" disabled={flow.pending}>
            Set password
          </button>
        </div>
        <ErrorMessage error={flow.error} />
      </form>
    </Card>
  );
}
