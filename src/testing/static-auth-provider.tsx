/**
 * `<StaticAuthProvider>`: an AuthQueryProvider over a static client, for component tests that must make no requests.
 * A `queryClient` reaches the generated hooks and the component's own TanStack Query hooks alike.
 */
import type { QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { AuthInfo } from "../session/index.js";
import type { Transport } from "../transport/index.js";
import { AuthQueryProvider } from "../hooks/index.js";
import { createStaticAuthClient } from "./static-auth-client.js";

/** Props of `<StaticAuthProvider>`. */
export interface StaticAuthProviderProps {
  /** The auth state: auth info, null for logged out, or "loading". Read once, at mount. */
  authInfo: AuthInfo | null | "loading";
  /** A QueryClient for generated hooks and TanStack Query's own (optional, as for AuthQueryProvider). */
  queryClient?: QueryClient;
  /** Transport for the generated hooks; by default every call rejects. */
  transport?: Transport;
  children?: ReactNode;
}

/** Provides a static auth state; `subscribe` starts nothing and no request is ever made. */
export function StaticAuthProvider(props: StaticAuthProviderProps): ReactNode {
  const [client] = useState(() =>
    createStaticAuthClient({ authInfo: props.authInfo, ...(props.transport ? { transport: props.transport } : {}) }),
  );
  return (
    <AuthQueryProvider client={client} {...(props.queryClient ? { queryClient: props.queryClient } : {})}>
      {props.children}
    </AuthQueryProvider>
  );
}
