/**
 * A tiny path router (the demo needs no routing library). The hosted-page paths of the auth origin
 * (/login, /signup, /account, /org, /create_org, /saml, /<provider>/login) are routes of the app itself:
 * the demo's auth origin is the app's origin, so it plays the provider's hosted pages in-app.
 */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from "react";

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
window.addEventListener("popstate", notify);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current location (path + query), re-rendering on navigation. */
export function useLocation(): { pathname: string; search: URLSearchParams; href: string } {
  const href = useSyncExternalStore(subscribe, () => window.location.href);
  const url = new URL(href);
  return { pathname: url.pathname, search: url.searchParams, href };
}

/** Navigates within the app (same origin) without reloading; anything else is a full navigation. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  if (options.replace) window.history.replaceState(null, "", url.href);
  else window.history.pushState(null, "", url.href);
  window.scrollTo(0, 0);
  notify();
}

/** An in-app link. */
export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}
