/** Links to the provider's hosted pages, each carrying the return address in `rt`, shown as readable addresses. */
import { decodeReturnTo } from "orgauth";
import { useHostedPageUrls } from "orgauth/react";

/** Where a hosted page's link leads and where `rt` brings the visitor back to, as a person reads them. */
function readable(href: string): { page: string; back: string | null } {
  const url = new URL(href);
  const rt = url.searchParams.get("rt");
  let back: string | null = null;
  try {
    back = rt === null ? null : new URL(decodeReturnTo(rt), window.location.href).pathname;
  } catch {
    back = null;
  }
  return { page: url.pathname, back };
}

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
        demo's screens; each carries the address to come back to (<code>rt</code>, encoded).
      </p>
      <ul className="hosted-links">
        {links.map((link) => {
          const { page, back: returnPath } = readable(link.href);
          return (
            <li key={link.label}>
              <a href={link.href}>{link.label}</a>{" "}
              <span className="muted small">
                <code>{page}</code>
                {returnPath !== null && (
                  <>
                    , then back to <code>{returnPath}</code>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
