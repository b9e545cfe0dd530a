/**
 * `<AuthQueryProvider>`: `<AuthProvider>` for an app whose own code also uses TanStack Query. Over the AuthProvider
 * it hands `queryClient` to TanStack Query's own hooks (`useQuery`, `useQueryClient`, `HydrationBoundary`) with a
 * `QueryClientProvider`, and inside the app's own `QueryClientProvider` it resets that client when the user changes
 * even if no generated hook ever runs. It imports TanStack Query, so a session-only app renders `<AuthProvider>`.
 */
import { QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { useContext, type ReactNode } from "react";
import { AuthProvider, type AuthProviderProps } from "./auth-provider.js";

/** Props of `<AuthQueryProvider>`: those of `<AuthProvider>`. */
export type AuthQueryProviderProps = AuthProviderProps;

/** `<AuthProvider>` whose `queryClient` (or the surrounding QueryClientProvider's client) TanStack Query's hooks share. */
export function AuthQueryProvider(props: AuthQueryProviderProps): ReactNode {
  const outer = useContext(QueryClientContext);
  const own = props.queryClient;
  // inside the provider, as the AuthProvider used to do it: a queryClient that comes or goes keeps the session client
  return (
    <AuthProvider {...props} queryClient={own ?? outer}>
      {own ? <QueryClientProvider client={own}>{props.children}</QueryClientProvider> : props.children}
    </AuthProvider>
  );
}
