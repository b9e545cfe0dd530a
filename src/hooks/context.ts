/**
 * The React contexts of the AuthProvider and their accessors. The hand-written and the generated hooks read
 * the same client context (the generated ones through `useSessionFor`).
 */
import type { QueryClient } from "@tanstack/react-query";
import { createContext, useContext, type ReactNode } from "react";
import type { AuthClient, AuthSnapshot } from "../session/index.js";
import type { LoginFailure } from "./login-failure.js";

/** The active-org state the provider shares between `useActiveOrg` consumers. */
export interface ActiveOrgState {
  activeOrgId: string | null;
  setActiveOrgId(orgId: string | null): void;
}

/** The stable part of the provider: the session client (changes only with the client). */
export const AuthClientContext = createContext<AuthClient | null>(null);

/** The changing part: the current snapshot and active org (re-renders consumers on every auth change). */
export const AuthStateContext = createContext<{ snapshot: AuthSnapshot; activeOrg: ActiveOrgState } | null>(null);

/** What the provider's guards show by default: `<AuthProvider loadingFallback loggedOutFallback>`. */
export interface AuthFallbacks {
  /** Shown while the session loads. */
  loadingFallback?: ReactNode;
  /** Shown to a logged-out visitor instead of sending them to the hosted login page. */
  loggedOutFallback?: ReactNode;
  /**
   * Shown instead of another trip to the hosted login page when the browser came back from it and the session
   * still cannot be read (a function receives the likely cause and `retry`). Default: a short message and a button.
   */
  loginFailedFallback?: ReactNode | ((failure: LoginFailure) => ReactNode);
}

/**
 * The provider's settings: the guards' default fallbacks (a guard's own props win over them), and the QueryClient it
 * was given (`<AuthProvider queryClient>`) for the query layer to run the generated hooks in. The QueryClient is kept
 * in orgauth's own context, so the provider needs no import of TanStack Query; when there is none, the query layer
 * uses TanStack Query's context. Either way it leaves the client it ran in in `usedQueryClient`, for the provider
 * to reset (also when the session's first answer finds no session: a logout before that answer).
 */
export interface AuthSettings extends AuthFallbacks {
  queryClient?: QueryClient | undefined;
  usedQueryClient?: { current: QueryClient | undefined };
}

/** The provider's settings; outside a provider, none. */
export const AuthSettingsContext = createContext<AuthSettings>({});

/** `props` with the provider's default fallbacks filled in where the props leave them out. */
export function useWithProviderFallbacks<Props extends AuthFallbacks>(props: Props): Props {
  const defaults = useContext(AuthSettingsContext);
  return {
    ...props,
    loadingFallback: props.loadingFallback ?? defaults.loadingFallback,
    loggedOutFallback: props.loggedOutFallback ?? defaults.loggedOutFallback,
    loginFailedFallback: props.loginFailedFallback ?? defaults.loginFailedFallback,
  };
}

/** The error every hook throws outside the provider. */
function outsideProviderError(hookName: string): Error {
  return new Error(`${hookName} must be used within an AuthProvider`);
}

/** The provider's session client; throws `"<hookName> must be used within an AuthProvider"` outside one. */
export function useAuthClientFor(hookName: string): AuthClient {
  const client = useContext(AuthClientContext);
  if (!client) throw outsideProviderError(hookName);
  return client;
}

/** The provider's current state; throws `"<hookName> must be used within an AuthProvider"` outside one. */
export function useAuthStateFor(hookName: string): { snapshot: AuthSnapshot; activeOrg: ActiveOrgState } {
  const state = useContext(AuthStateContext);
  if (!state) throw outsideProviderError(hookName);
  return state;
}
