/** The 12 social providers (`flow.loginWithSocial` navigates to the provider). */
import { SOCIAL_LOGIN_PROVIDER_NAMES } from "orgauth";
import { providerLabel } from "../../components/labels.js";
import type { FlowAt } from "./flow-step.js";

/** One button per social provider, labelled as the provider writes its name (GitHub, LinkedIn, QuickBooks). */
export function SocialProviders({ flow }: { flow: FlowAt<"LoginRequired"> }) {
  return (
    <>
      <h3>Or continue with</h3>
      <div className="providers">
        {SOCIAL_LOGIN_PROVIDER_NAMES.map((provider) => (
          <button key={provider} type="button" onClick={() => flow.loginWithSocial(provider)}>
            {providerLabel(provider)}
          </button>
        ))}
      </div>
    </>
  );
}
