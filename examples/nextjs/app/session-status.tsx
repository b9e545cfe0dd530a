"use client";
/** Who is signed in, read on the client: from the server's render first, so there is no loading state. */
import { useLogoutFunction, useRedirectFunctions, useUser } from "orgauth/nextjs/client";
import type { ReactNode } from "react";

/** "Signed in as …" with a sign-out button, or a sign-in button. */
export function SessionStatus(): ReactNode {
  const auth = useUser();
  const { toLogin } = useRedirectFunctions();
  const logout = useLogoutFunction();
  if (!auth.isLoggedIn) {
    return (
      <p>
        Signed out.{" "}
        <button type="button" onClick={() => void toLogin()}>
          Sign in
        </button>
      </p>
    );
  }
  return (
    <p>
      Signed in as <strong data-testid="email">{auth.user.email}</strong>.{" "}
      <button type="button" onClick={() => void logout({ redirect: true })}>
        Sign out
      </button>
    </p>
  );
}
