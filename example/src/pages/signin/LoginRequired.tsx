/** The LoginRequired step: one tab per way in (its actions come from useLoginFlow), social providers, hosted pages. */
import { useState } from "react";
import type { FlowAt } from "./flow-step.js";
import { ForgotPasswordForm } from "./ForgotPasswordForm.js";
import { HostedPageLinks } from "./HostedPageLinks.js";
import { MagicLinkForm } from "./MagicLinkForm.js";
import { PasswordForm } from "./PasswordForm.js";
import { SignupForm } from "./SignupForm.js";
import { SocialProviders } from "./SocialProviders.js";
import { SsoForm } from "./SsoForm.js";

/** The tabs of the sign-in card. */
export type SignInTab = "password" | "magic" | "sso" | "signup" | "forgot";

const TABS: { id: SignInTab; label: string }[] = [
  { id: "password", label: "Password" },
  { id: "magic", label: "Magic link" },
  { id: "sso", label: "SSO" },
  { id: "signup", label: "Sign up" },
  { id: "forgot", label: "Forgot password" },
];

/** The first login step, opened at `initialTab`. */
export function LoginRequiredStep({
  flow,
  initialTab,
  returnTo,
}: {
  flow: FlowAt<"LoginRequired">;
  initialTab: SignInTab;
  returnTo: string;
}) {
  const [tab, setTab] = useState<SignInTab>(initialTab);
  return (
    <>
      <section className="card" aria-label="Sign in">
        <h1>{tab === "signup" ? "Create your account" : "Sign in"}</h1>
        <div className="tabs" role="tablist">
          {TABS.map((candidate) => (
            <button
              key={candidate.id}
              type="button"
              role="tab"
              aria-selected={tab === candidate.id}
              onClick={() => setTab(candidate.id)}
            >
              {candidate.label}
            </button>
          ))}
        </div>
        {tab === "password" && <PasswordForm flow={flow} />}
        {tab === "magic" && <MagicLinkForm flow={flow} />}
        {tab === "sso" && <SsoForm flow={flow} />}
        {tab === "signup" && <SignupForm flow={flow} />}
        {tab === "forgot" && <ForgotPasswordForm flow={flow} />}
        <SocialProviders flow={flow} />
      </section>
      <HostedPageLinks returnTo={returnTo} />
    </>
  );
}
