/** `<RedirectToLogin>` and `<RedirectToSignup>`: navigate to a hosted page when rendered (once, StrictMode too). */
import { useEffect, useRef, type ReactNode } from "react";
import { getRedirectFunctions, type AuthClient, type SignupLoginPageOptions } from "../session/index.js";
import { useAuthClientFor } from "./context.js";

/** Props of `<RedirectToLogin>` and `<RedirectToSignup>`. */
export interface RedirectToHostedPageProps {
  /** Where the hosted page sends the user back to. Default: the current page URL. */
  returnTo?: string;
  /** Extra query parameters of the hosted page (they can never override the return address). */
  params?: Record<string, string>;
  /** Shown while the browser navigates away. Default: nothing. */
  children?: ReactNode;
}

type PageName = "toLogin" | "toSignup";

/**
 * The hosted page's options: the return address (default: the current page URL) and the extra parameters (an
 * option left undefined is one not given: the URL builders read them so).
 */
function pageOptions(returnTo = globalThis.location?.href, params?: Record<string, string>): SignupLoginPageOptions {
  return { returnTo, params } as SignupLoginPageOptions;
}

/** Navigates once per mounted component; a StrictMode effect replay keeps the ref and does not navigate again. */
function useNavigateOnce(client: AuthClient, page: PageName, props: RedirectToHostedPageProps): void {
  const navigated = useRef(false);
  const { returnTo, params } = props;
  useEffect(() => {
    if (navigated.current) return;
    navigated.current = true;
    getRedirectFunctions(client)[page](pageOptions(returnTo, params));
  }, [client, page, returnTo, params]);
}

/** Sends the browser to the hosted login page when rendered; shows `children` meanwhile. */
export function RedirectToLogin(props: RedirectToHostedPageProps): ReactNode {
  useNavigateOnce(useAuthClientFor("RedirectToLogin"), "toLogin", props);
  return props.children ?? null;
}

/** Sends the browser to the hosted signup page when rendered; shows `children` meanwhile. */
export function RedirectToSignup(props: RedirectToHostedPageProps): ReactNode {
  useNavigateOnce(useAuthClientFor("RedirectToSignup"), "toSignup", props);
  return props.children ?? null;
}
