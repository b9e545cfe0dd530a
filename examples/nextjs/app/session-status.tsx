"use client";
/** Who is signed in, read on the client: the server render shows the loading state. */
import { useAuthInfo, useLogoutFunction, useRedirectFunctions } from "orgauth/react";
import type { ReactNode } from "react";

/** "Signed in as …" with a sign-out button, or a sign-in button. */
export function SessionStatus(): ReactNode {
  const auth = useAuthInfo();
  const { toLogin } = useRedirectFunctions();
  const logout = useLogoutFunction();
  if (auth.loading) return <p role="status">Checking your session…</p>;
  if (!auth.isLoggedIn) {
    return (
      <p>
        Signed out.{" "}
        <button type="button" onClick={() => toLogin()}>
          Sign in
        </button>
      </p>
    );
  }
  return (
    <p>
      Signed in as <strong data-testid="email">{auth.user.email}</strong>.{" "}
      <button type="button" onClick={() => void logout({ redirect: false })}>
        Sign out
      </button>
    </p>
  );
}
