/** The 12 social providers (`flow.loginWithSocial` navigates to the provider). */
import { SOCIAL_LOGIN_PROVIDER_NAMES } from "orgauth";
import type { FlowAt } from "./flow-step.js";

/** One button per social provider, labelled as the provider spells it. */
export function SocialProviders({ flow }: { flow: FlowAt<"LoginRequired"> }) {
  return (
    <>
      <h3>Or continue with</h3>
      <div className="providers">
        {SOCIAL_LOGIN_PROVIDER_NAMES.map((provider) => (
          <button key={provider} type="button" onClick={() => flow.loginWithSocial(provider)}>
            {provider}
          </button>
        ))}
      </div>
    </>
  );
}
