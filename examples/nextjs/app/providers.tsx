"use client";
/**
 * The client half of the app's providers. `AuthProvider` (orgauth/nextjs/client) starts from the user the server
 * read, so a signed-in page is signed in from its first paint. This app calls generated query hooks, so it creates
 * a QueryClient here, in a client component, and shares it with TanStack Query's own hooks (`useQuery` in the
 * dashboard, `HydrationBoundary` on the members page) through `QueryClientProvider`. A session-only app (no query
 * hooks) renders `<AuthProvider {...session}>` alone and ships no TanStack Query (docs/nextjs.md).
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { AuthProvider, type ClientSessionProps } from "orgauth/nextjs/client";
import { type ReactNode, useState } from "react";

/** Props of `Providers`: the session (user, auth URL, auth routes' folder) comes from the server layout. */
export interface ProvidersProps {
  session: ClientSessionProps;
  children: ReactNode;
}

/** One QueryClient per browser tab (and per server render), the AuthProvider around the whole app. */
export function Providers({ session, children }: ProvidersProps): ReactNode {
  // staleTime above zero: data a server component prefetched is not fetched again as soon as the page hydrates
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider {...session} queryClient={queryClient}>
        {children}
      </AuthProvider>
    </QueryClientProvider>
  );
}
