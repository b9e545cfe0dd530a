"use client";
/**
 * The client half of the app's providers. The QueryClient is created here, in a client component: a server layout
 * cannot hand one to the client, and the generated hooks need one. `AuthQueryProvider` (not `AuthProvider`): the
 * app's own TanStack Query code (`useQuery` in the dashboard, `HydrationBoundary` on the members page) uses it too.
 */
import { QueryClient } from "@tanstack/react-query";
import { AuthQueryProvider } from "orgauth/react";
import { type ReactNode, useState } from "react";

/** Props of `Providers`: the auth URL comes from the server layout, read at request time. */
export interface ProvidersProps {
  authUrl: string;
  children: ReactNode;
}

/** One QueryClient per browser tab (and per server render), the AuthQueryProvider around the whole app. */
export function Providers({ authUrl, children }: ProvidersProps): ReactNode {
  // staleTime above zero: data a server component prefetched is not fetched again as soon as the page hydrates
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } }));
  return (
    <AuthQueryProvider authUrl={authUrl} queryClient={queryClient} loadingFallback={<p role="status">Loading…</p>}>
      {children}
    </AuthQueryProvider>
  );
}
