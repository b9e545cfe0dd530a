/** The 12 social providers (`flow.loginWithSocial` navigates to the provider). */
import { SOCIAL_LOGIN_PROVIDERS } from "orgauth";
import type { FlowAt } from "./flow-step.js";

const label = (provider: string) => provider[0]?.toUpperCase() + provider.slice(1);

/** One button per social provider. */
export function SocialProviders({ flow }: { flow: FlowAt<"LoginRequired"> }) {
  return (
    <>
      <h3>Or continue with</h3>
      <div className="providers">
        {SOCIAL_LOGIN_PROVIDERS.map((provider) => (
          <button key={provider} type="button" onClick={() => flow.loginWithSocial(provider)}>
            {label(provider)}
          </button>
        ))}
      </div>
    </>
  );
}
