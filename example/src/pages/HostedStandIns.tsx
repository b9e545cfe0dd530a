/**
 * Pages the provider hosts on the auth origin that the demo has no real counterpart for: a social login
 * (`/<provider>/login`) and the SAML setup page (`/saml?id=…`). In the demo the auth origin is the app's
 * own origin, so the browser really arrives here; these pages say what the provider would do.
 */
import { decodeReturnTo } from "orgauth";
import { Link } from "../router.js";

function returnAddress(search: URLSearchParams): string | null {
  const rt = search.get("rt");
  if (rt === null) return null;
  try {
    return decodeReturnTo(rt);
  } catch {
    return null;
  }
}

/** `/<provider>/login`: where a social login starts. */
export function SocialLoginStandIn({ provider }: { provider: string }) {
  return (
    <div className="card narrow">
      <h1>Continue with {provider[0]?.toUpperCase() + provider.slice(1)}</h1>
      <p>
        The browser was sent to <code>{window.location.pathname}</code> on the auth host. With the real provider, this
        page would redirect to {provider}'s consent screen and come back logged in.
      </p>
      <p className="muted">The mock has no identity provider behind it, so the demo stops here.</p>
      <Link href="/login">Back to sign in</Link>
    </div>
  );
}

/** `/saml?id=…`: the provider's SAML setup page for an organisation. */
export function SamlSetupStandIn({ search }: { search: URLSearchParams }) {
  const back = returnAddress(search);
  return (
    <div className="card narrow">
      <h1>SAML setup</h1>
      <p>
        This is where the provider's hosted SAML setup page for organisation <code>{search.get("id") ?? "?"}</code> would
        guide an admin through connecting their identity provider.
      </p>
      {back !== null && (
        <p>
          Return address (<code>rt</code>): <Link href={back}>{back}</Link>
        </p>
      )}
    </div>
  );
}

/** Any other path. */
export function NotFound() {
  return (
    <div className="card narrow">
      <h1>Page not found</h1>
      <Link href="/">Go to the overview</Link>
    </div>
  );
}
