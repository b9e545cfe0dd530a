/**
 * The React contexts of the AuthProvider and the accessors the hand-written hooks use. The generated hooks
 * read their own context, `AuthSessionContext` of `src/generated/queries.ts` (generated code never imports
 * hand-written hooks); the AuthProvider provides the same client to both.
 */
import { createContext, useContext } from "react";
import type { AuthClient, AuthSnapshot } from "../session/index.js";

/** The active-org state the provider shares between `useActiveOrg` consumers. */
export interface ActiveOrgState {
  activeOrgId: string | null;
  setActiveOrgId(orgId: string | null): void;
}

/** The stable part of the provider: the session client (changes only with the client). */
export const AuthClientContext = createContext<AuthClient | null>(null);

/** The changing part: the current snapshot and active org (re-renders consumers on every auth change). */
export const AuthStateContext = createContext<{ snapshot: AuthSnapshot; activeOrg: ActiveOrgState } | null>(null);

/** The error every hook throws outside the provider (specification §8). */
export function outsideProviderError(hookName: string): Error {
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
