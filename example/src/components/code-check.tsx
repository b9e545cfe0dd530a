/** Client-side checks of one-time codes, shown before anything is sent. */

/** A code from an authenticator app: six digits once spaces are removed (some apps group them "123 456"). */
export function checkAppCode(input: string): { code: string } | { problem: string } {
  const code = input.replace(/\s+/g, "");
  return /^\d{6}$/.test(code) ? { code } : { problem: "Enter the 6-digit code your authenticator app shows." };
}

/** A backup code: anything but blank. */
export function checkBackupCode(input: string): { code: string } | { problem: string } {
  const code = input.trim();
  return code ? { code } : { problem: "Enter one of your backup codes." };
}

/** The problem line under a code field. */
export function CodeProblem({ id, problem }: { id: string; problem: string | null }) {
  if (problem === null) return null;
  return (
    <p id={id} role="alert" className="error">
      {problem}
    </p>
  );
}
