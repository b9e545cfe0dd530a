/**
 * `<RequireAuth>` and `withRequiredAuthInfo`: render children only for a logged-in user (optionally one with a
 * role or permissions in an org). A logged-out visitor is sent to the hosted login page with the current URL as
 * the return address, unless a logged-out fallback is given (here or on the AuthProvider). When the auth server
 * cannot be reached, nobody is sent to the login page: the unreachable fallback shows until the session engine
 * reaches it again. A guard never loops: when the browser comes back from the hosted login (a trip recorded in
 * sessionStorage, with the page it returns to) and the session still cannot be read, it shows the login-failed
 * fallback instead; a visitor who opens other pages without signing in is only sent to the login page again.
 */
import { useEffect, useRef, type ComponentType, type ReactNode } from "react";
import { getRedirectFunctions, type AuthClient } from "../session/index.js";
import { useAuthInfoFor, type AuthInfoLoggedIn } from "./auth-hooks.js";
import { meetsRequirement, type AccessRequirement } from "./access-requirement.js";
import { useAuthClientFor, useAuthStateFor, useWithProviderFallbacks, type AuthFallbacks } from "./context.js";
import { DefaultLoginFailed } from "./login-failed-fallback.js";
import { diagnoseLoginFailure, logLoginFailureOnce, type LoginFailure } from "./login-failure.js";
import { clearLoginRedirects, loginRedirectsExhausted, recordLoginRedirect } from "./login-return.js";

/** Props of `<RequireAuth>`. */
export interface RequireAuthProps extends AccessRequirement {
  /** The guarded content; a function receives the logged-in auth info. */
  children?: ReactNode | ((auth: AuthInfoLoggedIn) => ReactNode);
  /** Shown while the session is loading and while redirecting. Default: the AuthProvider's, else nothing. */
  loadingFallback?: ReactNode;
  /** Shown to a logged-out visitor instead of redirecting to the hosted login page. Default: the AuthProvider's. */
  loggedOutFallback?: ReactNode;
  /**
   * Shown while the auth server cannot be reached (network failure, timeout, 5xx) and no valid token is held, e.g.
   * "Can't reach sign-in, retrying…". No login redirect happens; it clears when the server answers. Default: the loading fallback.
   */
  unreachableFallback?: ReactNode;
  /** Shown when a role or permission check fails. Default: nothing. */
  forbiddenFallback?: ReactNode;
  /**
   * Shown instead of another trip to the hosted login page when the browser came back from it and the session still
   * cannot be read (host-name mismatch, blocked third-party cookies, a misconfigured auth URL). A function receives
   * the likely cause and `retry`. Default: the AuthProvider's, else a short message with a "Try again" button.
   */
  loginFailedFallback?: AuthFallbacks["loginFailedFallback"];
  /** Where the login page sends the user back to. Default: the current page URL. */
  returnTo?: string;
}

/** Records a trip to the hosted login page and goes there, back to `returnTo` (default: this page); browser only. */
function goToLogin(client: AuthClient, returnTo = location.href): void {
  recordLoginRedirect(returnTo);
  getRedirectFunctions(client).toLogin({ returnTo });
}

/**
 * The login trips of a guard: the login failure of this logged-out period, or null (decided once when the visitor is
 * found logged out on the page the trips to the login page returned to, and they are used up; forgotten when the
 * status changes), and the redirect of a logged-out visitor to the hosted login page once per logged-out period
 * (StrictMode-safe) when there is no failure. A logged-in session clears the trips.
 */
function useLoginTrips(
  client: AuthClient,
  status: string,
  wouldRedirect: boolean,
  returnTo: string | undefined,
): [failure: LoginFailure | null, redirect: boolean] {
  const decided = useRef<{ status: string; failure: LoginFailure | null } | null>(null);
  const redirected = useRef(false);
  if (decided.current?.status !== status) {
    const exhausted = status === "logged_out" && wouldRedirect && loginRedirectsExhausted();
    const failure = exhausted
      ? {
          ...diagnoseLoginFailure(client.authUrl, location.href),
          retry() {
            clearLoginRedirects();
            goToLogin(client);
          },
        }
      : null;
    decided.current = { status, failure };
  }
  const failure = decided.current.failure;
  const redirect = wouldRedirect && failure === null;
  useEffect(() => {
    if (status === "logged_in") clearLoginRedirects();
    if (failure) logLoginFailureOnce(failure); // logged once per page
    if (!redirect) redirected.current = false;
    else if (!redirected.current) {
      redirected.current = true;
      goToLogin(client, returnTo);
    }
  }, [client, status, failure, redirect, returnTo]);
  return [failure, redirect];
}

/** What the guard renders; `guardName` names it in the error thrown outside an AuthProvider. */
function useGuardedContent(guardName: string, ownProps: RequireAuthProps): ReactNode {
  const props = useWithProviderFallbacks(ownProps);
  const client = useAuthClientFor(guardName);
  const auth = useAuthInfoFor(guardName);
  const { activeOrg } = useAuthStateFor(guardName);
  const wouldRedirect = auth.status === "logged_out" && props.loggedOutFallback === undefined;
  const [failure, redirect] = useLoginTrips(client, auth.status, wouldRedirect, props.returnTo);
  if (failure) {
    const fallback = props.loginFailedFallback;
    if (typeof fallback === "function") return fallback(failure);
    return fallback === undefined ? <DefaultLoginFailed failure={failure} /> : fallback;
  }
  if (auth.status === "unreachable") return props.unreachableFallback ?? props.loadingFallback ?? null;
  if (auth.status === "loading" || redirect) return props.loadingFallback ?? null;
  if (auth.status === "logged_out") return props.loggedOutFallback;
  if (!meetsRequirement(auth, props, activeOrg.activeOrgId)) return props.forbiddenFallback ?? null;
  return typeof props.children === "function" ? props.children(auth) : props.children;
}

/** Renders its children only for a logged-in user who meets the optional role / permission requirement. */
export function RequireAuth(props: RequireAuthProps): ReactNode {
  return useGuardedContent("RequireAuth", props);
}

/** Props `withRequiredAuthInfo` passes to the wrapped component. */
export interface WithRequiredAuthInfoProps {
  auth: AuthInfoLoggedIn;
}

/** Options of `withRequiredAuthInfo`: the guard's fallbacks and requirement. */
export type RequiredAuthOptions = Omit<RequireAuthProps, "children">;

/** Wraps a component so it renders only under `<RequireAuth>` and receives the logged-in `auth` prop. */
export function withRequiredAuthInfo<Props extends WithRequiredAuthInfoProps>(
  Component: ComponentType<Props>,
  options: RequiredAuthOptions = {},
): ComponentType<Omit<Props, keyof WithRequiredAuthInfoProps>> {
  function WithRequiredAuthInfo(props: Omit<Props, keyof WithRequiredAuthInfoProps>): ReactNode {
    return useGuardedContent("withRequiredAuthInfo", {
      ...options,
      children: (auth) => <Component {...(props as Props)} auth={auth} />,
    });
  }
  WithRequiredAuthInfo.displayName = `withRequiredAuthInfo(${Component.displayName ?? Component.name})`;
  return WithRequiredAuthInfo;
}
