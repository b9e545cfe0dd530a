/** `withAuthInfo`: wraps a component that renders for every visitor, logged in or not, and passes it `auth`. */
import type { ComponentType, ReactNode } from "react";
import { useAuthInfoFor, type AuthInfoLoggedIn, type AuthInfoLoggedOut } from "./auth-hooks.js";
import { useWithProviderFallbacks } from "./context.js";

/** Props `withAuthInfo` passes to the wrapped component: narrow `auth` on `status` or `isLoggedIn`. */
export interface WithAuthStateProps {
  auth: AuthInfoLoggedIn | AuthInfoLoggedOut;
}

/** Options of `withAuthInfo`. */
export interface WithAuthInfoOptions {
  /** Shown while the session loads. Default: the AuthProvider's `loadingFallback`, else nothing. */
  loadingFallback?: ReactNode;
}

/** Wraps a component so it renders once the session is known, logged in or out, and receives `auth`. */
export function withAuthInfo<Props extends WithAuthStateProps>(
  Component: ComponentType<Props>,
  options: WithAuthInfoOptions = {},
): ComponentType<Omit<Props, keyof WithAuthStateProps>> {
  function WithAuthInfo(props: Omit<Props, keyof WithAuthStateProps>): ReactNode {
    const auth = useAuthInfoFor("withAuthInfo");
    const { loadingFallback } = useWithProviderFallbacks(options);
    if (auth.status === "loading") return loadingFallback ?? null;
    return <Component {...(props as Props)} auth={auth} />;
  }
  WithAuthInfo.displayName = `withAuthInfo(${Component.displayName ?? Component.name})`;
  return WithAuthInfo;
}
