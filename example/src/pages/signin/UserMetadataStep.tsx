/** UserMetadataRequired: the profile fields the project requires (`flow.updateMetadata`). */
import { useState, type FormEvent } from "react";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import type { FlowAt } from "./flow-step.js";

/** The profile step. */
export function UserMetadataStep({ flow }: { flow: FlowAt<"UserMetadataRequired"> }) {
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [username, setUsername] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flow.updateMetadata({ first_name: firstName, last_name: lastName, ...(username ? { username } : {}) });
  };
  return (
    <section className="card" aria-label="Tell us about yourself">
      <h1>Tell us about yourself</h1>
      <form onSubmit={submit}>
        <label>
          First name
          <input required value={firstName} onChange={(event) => setFirstName(event.target.value)} />
        </label>
        <label>
          Last name
          <input required value={lastName} onChange={(event) => setLastName(event.target.value)} />
        </label>
        <label>
          Username
          <input value={username} onChange={(event) => setUsername(event.target.value)} />
        </label>
        <button type="submit" disabled={flow.pending}>
          Continue
        </button>
        <ErrorMessage error={flow.error} />
      </form>
    </section>
  );
}
