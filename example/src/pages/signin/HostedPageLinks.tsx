/** Links to the provider's hosted pages, each carrying the return address in `rt`. */
import { useHostedPageUrls } from "orgauth/react";

/** The hosted login, signup, account and create-org pages, returning to `returnTo`. */
export function HostedPageLinks({ returnTo }: { returnTo: string }) {
  const urls = useHostedPageUrls();
  const back = new URL(returnTo, window.location.href).href;
  const links = [
    { label: "Hosted login", href: urls.login({ returnTo: back }) },
    { label: "Hosted signup", href: urls.signup({ returnTo: back }) },
    { label: "Hosted account page", href: urls.account({ returnTo: back }) },
    { label: "Hosted create-org page", href: urls.createOrg({ returnTo: back }) },
  ];
  return (
    <section className="card" aria-label="Hosted pages">
      <h2>Hosted pages</h2>
      <p className="muted small">
        The provider's own pages live on the auth origin. In the demo that origin is this app, so these links open the
        demo's screens; <code>rt</code> carries the return address.
      </p>
      <ul>
        {links.map((link) => (
          <li key={link.label}>
            <a href={link.href}>{link.label}</a>{" "}
            <code className="muted small">{new URL(link.href).pathname + new URL(link.href).search}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
