/**
 * Sign-in, step by step. In the demo the auth origin is the app's own origin, so the hosted login and signup
 * URLs (`/login?rt=…`, `/signup?rt=…`) land here: this screen plays the provider's hosted page and, once the
 * flow reaches Finished, returns to the address encoded in `rt`.
 */
import { useEffect } from "react";
import { decodeReturnTo } from "orgauth";
import { useGetLoginState } from "orgauth/react";
import { authClient } from "../../auth-client.js";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { navigate } from "../../router.js";
import { LoginRequiredStep } from "./LoginRequired.js";
import { ConfirmEmailStep, OrgCreationStep, TwoFactorEnablementStep, TwoFactorStep, UpdatePasswordStep, UserMetadataStep } from "./Steps.js";

/** Where to go after signing in: the decoded `rt`, or the overview. */
export function returnAddress(search: URLSearchParams): string {
  const rt = search.get("rt");
  if (rt === null) return "/";
  try {
    const target = new URL(decodeReturnTo(rt), window.location.href);
    return target.origin === window.location.origin ? target.pathname + target.search + target.hash : "/";
  } catch {
    return "/";
  }
}

/** The sign-in screen (`/login`, `/signup`). */
export function SignInPage({ search, initialTab }: { search: URLSearchParams; initialTab: "password" | "signup" }) {
  const returnTo = returnAddress(search);
  const loginState = useGetLoginState();
  const step = loginState.data?.login_state;

  useEffect(() => {
    if (step !== "Finished") return;
    void authClient.refresh().finally(() => navigate(returnTo, { replace: true }));
  }, [step, returnTo]);

  return (
    <div className="narrow">
      {returnTo !== "/" && (
        <p className="muted small" aria-label="Return address">
          After signing in you will return to <code>{returnTo}</code>.
        </p>
      )}
      {loginState.isPending && <p>Loading…</p>}
      <ErrorMessage error={loginState.error} />
      {step === "LoginRequired" && <LoginRequiredStep initialTab={initialTab} returnTo={returnTo} />}
      {step === "TwoFactorRequired" && <TwoFactorStep />}
      {step === "ConfirmEmailRequired" && <ConfirmEmailStep onConfirmed={() => void loginState.refetch()} />}
      {step === "UserMetadataRequired" && <UserMetadataStep />}
      {step === "OrgCreationRequired" && <OrgCreationStep />}
      {step === "UpdatePasswordRequired" && <UpdatePasswordStep />}
      {step === "TwoFactorEnablementRequired" && <TwoFactorEnablementStep />}
      {step === "Finished" && (
        <p role="status" className="success">
          You are signed in. Taking you to {returnTo}…
        </p>
      )}
    </div>
  );
}
