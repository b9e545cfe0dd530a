"use client";
/**
 * The client half of the app's providers. `AuthProvider` (orgauth/nextjs/client) starts from the user the server
 * read, so a signed-in page is signed in from its first paint. The QueryClient is created here, in a client
 * component, and shared with TanStack Query's own hooks (`useQuery` in the dashboard, `HydrationBoundary` on the
 * members page) through `QueryClientProvider`.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { AuthProvider, type ClientUser } from "orgauth/nextjs/client";
import { type ReactNode, useState } from "react";
import { AUTH_ROUTES } from "../lib/auth-routes";

/** Props of `Providers`: the user and the auth URL come from the server layout. */
export interface ProvidersProps {
  user: ClientUser | null;
  authUrl: string;
  children: ReactNode;
}

/** One QueryClient per browser tab (and per server render), the AuthProvider around the whole app. */
export function Providers({ user, authUrl, children }: ProvidersProps): ReactNode {
  // staleTime above zero: data a server component prefetched is not fetched again as soon as the page hydrates
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider user={user} authUrl={authUrl} authRoutes={AUTH_ROUTES} queryClient={queryClient}>
        {children}
      </AuthProvider>
    </QueryClientProvider>
  );
}
