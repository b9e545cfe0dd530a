/**
 * Sign-in, step by step through `useLoginFlow()`. In the demo the auth origin is the app's own origin, so the
 * hosted login and signup URLs (`/login?rt=…`, `/signup?rt=…`) land here: this screen plays the provider's hosted
 * page and, once the flow is Finished and the session knows the user, returns to the address encoded in `rt`.
 */
import { useEffect } from "react";
import { useAuthInfo, useLoginFlow, type LoginFlow } from "orgauth/react";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { navigate } from "../../router.js";
import { ConfirmEmailStep } from "./ConfirmEmailStep.js";
import { LoginRequiredStep, type SignInTab } from "./LoginRequired.js";
import { OrgCreationStep } from "./OrgCreationStep.js";
import { returnAddress } from "./return-address.js";
import { TwoFactorEnablementStep } from "./TwoFactorEnablementStep.js";
import { TwoFactorStep } from "./TwoFactorStep.js";
import { UpdatePasswordStep } from "./UpdatePasswordStep.js";
import { UserMetadataStep } from "./UserMetadataStep.js";

/** The sign-in screen (`/login`, `/signup`). */
export function SignInPage({ search, initialTab }: { search: URLSearchParams; initialTab: SignInTab }) {
  const returnTo = returnAddress(search);
  const flow = useLoginFlow();
  const auth = useAuthInfo();
  // useLoginFlow refreshes the session on Finished; leave once the app sees the user.
  const signedIn = flow.step === "Finished" && auth.status === "logged_in";
  useEffect(() => {
    if (signedIn) navigate(returnTo, { replace: true });
  }, [signedIn, returnTo]);

  return (
    <div className="narrow">
      {returnTo !== "/" && (
        <p className="muted small" role="note" aria-label="Return address">
          After signing in you will return to <code>{returnTo}</code>.
        </p>
      )}
      <CurrentStep flow={flow} initialTab={initialTab} returnTo={returnTo} />
    </div>
  );
}

function CurrentStep({ flow, initialTab, returnTo }: { flow: LoginFlow; initialTab: SignInTab; returnTo: string }) {
  switch (flow.step) {
    case "loading":
      return <p className="muted">Loading…</p>;
    case "unavailable":
      return (
        <section className="card" aria-label="Sign-in unavailable">
          <h1>Sign-in is unavailable</h1>
          <ErrorMessage error={flow.loadError} />
          <div className="actions">
            <button type="button" onClick={flow.reload}>
              Try again
            </button>
          </div>
        </section>
      );
    case "LoginRequired":
      return <LoginRequiredStep flow={flow} initialTab={initialTab} returnTo={returnTo} />;
    case "TwoFactorRequired":
      return <TwoFactorStep flow={flow} />;
    case "ConfirmEmailRequired":
      return <ConfirmEmailStep flow={flow} />;
    case "UserMetadataRequired":
      return <UserMetadataStep flow={flow} />;
    case "OrgCreationRequired":
      return <OrgCreationStep flow={flow} />;
    case "UpdatePasswordRequired":
      return <UpdatePasswordStep flow={flow} />;
    case "TwoFactorEnablementRequired":
      return <TwoFactorEnablementStep flow={flow} />;
    case "Finished":
      return (
        <p role="status" className="success">
          You are signed in. Taking you to {returnTo}…
        </p>
      );
  }
}
