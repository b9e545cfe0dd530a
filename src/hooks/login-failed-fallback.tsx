/** The default login-failed fallback: the likely cause and a button to try again; styled by the app's CSS. */
import type { ReactNode } from "react";
import type { LoginFailure } from "./login-failure.js";

/** Renders `<div class="orgauth-login-failed" role="alert" data-cause=…>` with the message and a retry button. */
export function DefaultLoginFailed({ failure }: { failure: LoginFailure }): ReactNode {
  return (
    <div className="orgauth-login-failed" role="alert" data-cause={failure.cause}>
      <p>Signing in did not complete: the session cannot be read.</p>
      <p className="orgauth-login-failed-cause">{failure.message}</p>
      <button type="button" onClick={failure.retry}>
        Try again
      </button>
    </div>
  );
}
