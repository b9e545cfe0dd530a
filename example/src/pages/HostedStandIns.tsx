/**
 * Pages the demo has no real counterpart for: a social login (`/<provider>/login`) and the SAML setup page
 * (`/saml?id=…`), which the provider hosts on the auth origin (in the demo the app's own origin, so the
 * browser really arrives here), and the identity provider an SSO login is sent to (`/idp?to=…`, see
 * auth-client.ts). These pages say what would happen with the real thing.
 */
import { decodeReturnTo } from "orgauth";
import { providerLabel } from "../components/labels.js";
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
  const name = providerLabel(provider);
  return (
    <div className="card narrow">
      <h1>Continue with {name}</h1>
      <p>
        The browser was sent to <code>{window.location.pathname}</code> on the auth host. With the real provider, this
        page would redirect to {name}'s consent screen and come back logged in.
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
        This is where the provider's hosted SAML setup page for organisation <code>{search.get("id") ?? "?"}</code>{" "}
        would guide an admin through connecting their identity provider.
      </p>
      {back !== null && (
        <p>
          Return address (<code>rt</code>): <Link href={back}>{back}</Link>
        </p>
      )}
    </div>
  );
}

/** The in-app address that stands in for `url` outside the demo; the current page is the way back. */
export function identityProviderStandInUrl(url: string): string {
  const here = window.location.pathname + window.location.search;
  return `/idp?${new URLSearchParams({ to: url, from: here }).toString()}`;
}

/** `/idp?to=…&from=…`: where an SSO login would leave the demo for the organisation's identity provider. */
export function IdentityProviderStandIn({ search }: { search: URLSearchParams }) {
  const from = search.get("from") ?? "";
  // only a path of this app is offered as the way back
  const back = from.startsWith("/") && !from.startsWith("//") ? from : "/login";
  return (
    <section className="card narrow" aria-label="Identity provider">
      <h1>Single sign-on</h1>
      <p>
        You would now be at your identity provider: <code className="break">{search.get("to") ?? "?"}</code>
      </p>
      <p className="muted">
        That is the <code>login_url</code> the provider answered for the SSO lookup. The real identity provider would
        sign you in and send you back logged in; the mock has none, so the demo stops here.
      </p>
      <Link href={back}>Back to sign in</Link>
    </section>
  );
}

/**
 * On the hosted account and create-org pages (`/account?rt=…`, `/create_org?rt=…`, which the demo serves with
 * its own screens): the way back to the return address, as the provider's pages offer.
 */
export function ReturnAddressBanner({ search }: { search: URLSearchParams }) {
  const back = returnAddress(search);
  if (back === null) return null;
  return (
    <p className="muted small" role="note" aria-label="Return address">
      Opened as the provider's hosted page · return address (<code>rt</code>): <Link href={back}>Back to {back}</Link>
    </p>
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
