/** Turning MFA on: the secret as a QR code, a 6-digit code checked before it is sent, and the submit button. */
import { type FormEvent, useState } from "react";
import { CodeProblem, checkAppCode } from "../components/code-check.js";
import { MfaSecret } from "./MfaSecret.js";

/** What the form needs: the intro, the secret and whose it is, whether a request is under way, and what to send. */
export interface MfaEnrolmentFormProps {
  intro: string;
  secret: string;
  account: string;
  pending: boolean;
  /** The id of the code's problem text (unique on the page). */
  problemId: string;
  onCode(code: string): void;
}

/** The enrolment form of the Account card and of the login flow's enable-MFA step. */
export function MfaEnrolmentForm({ intro, secret, account, pending, problemId, onCode }: MfaEnrolmentFormProps) {
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAppCode(code);
    setProblem("problem" in checked ? checked.problem : null);
    if ("code" in checked) onCode(checked.code);
  };
  return (
    <form onSubmit={submit} noValidate>
      <p>{intro}</p>
      <MfaSecret secret={secret} account={account} />
      <label>
        Code from the app
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder="123456"
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
        />
      </label>
      <CodeProblem id={problemId} problem={problem} />
      <div className="actions">
        <button type="submit" disabled={pending}>
          Turn on two-factor authentication
        </button>
      </div>
    </form>
  );
}
