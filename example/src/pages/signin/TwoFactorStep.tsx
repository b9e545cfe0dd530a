/** TwoFactorRequired: a code from the authenticator app (`flow.verifyMfa`) or a backup code (`flow.verifyBackupCode`). */
import { useState, type FormEvent } from "react";
import { CodeProblem, checkAppCode, checkBackupCode } from "../../components/code-check.js";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import type { FlowAt } from "./flow-step.js";

type Mode = "app" | "backup";

/** The MFA step; an error shows under the kind of code that caused it. */
export function TwoFactorStep({ flow }: { flow: FlowAt<"TwoFactorRequired"> }) {
  const [mode, setMode] = useState<Mode>("app");
  const [code, setCode] = useState("");
  const [remember, setRemember] = useState(false);
  const [failedMode, setFailedMode] = useState<Mode | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = mode === "backup" ? checkBackupCode(code) : checkAppCode(code);
    setProblem("problem" in checked ? checked.problem : null);
    if (!("code" in checked)) return;
    setFailedMode(mode);
    void (mode === "backup"
      ? flow.verifyBackupCode({ code: checked.code })
      : flow.verifyMfa({ code: checked.code, remember_device: remember }));
  };
  const switchMode = () => {
    setMode(mode === "app" ? "backup" : "app");
    setCode("");
    setProblem(null);
  };
  return (
    <section className="card" aria-label="Two-factor authentication">
      <h1>Two-factor authentication</h1>
      <form onSubmit={submit} noValidate>
        <label>
          {mode === "backup" ? "Backup code" : "Code from your authenticator app"}
          <input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            placeholder={mode === "backup" ? "7kq2-9fzd" : "123456"}
            aria-invalid={problem !== null}
            aria-describedby={problem ? "mfa-step-problem" : undefined}
          />
        </label>
        <CodeProblem id="mfa-step-problem" problem={problem} />
        {mode === "app" && (
          <label className="check">
            <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            Remember this device
          </label>
        )}
        <button type="submit" disabled={flow.pending}>
          Verify
        </button>
        <button type="button" className="link" onClick={switchMode}>
          {mode === "backup" ? "Use a code from the app instead" : "Use a backup code instead"}
        </button>
        <ErrorMessage error={failedMode === mode ? flow.error : null} />
      </form>
    </section>
  );
}
