/** Shared helpers of the React tests: a fresh QueryClient, a Prism-backed client and a provider wrapper. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, type ReactNode } from "react";
import { waitFor } from "@testing-library/react";
import { expect, inject, vi } from "vitest";
import { AuthProvider, type AuthQueryProvider } from "../../src/hooks/index.js";
import type { AuthClient } from "../../src/session/index.js";
import { createPrismAuthClient, type PrismAuthClientOptions } from "../../src/testing/index.js";

/** A QueryClient without retries (errors surface at once) and without garbage collection during a test. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** The clients `prismClient` made that the next `destroyTestClients` ends. */
const liveClients = new Set<AuthClient>();

/**
 * Destroys every client `prismClient` made (the cleanup setup file runs it after each test): a client outlives its
 * unmounted tree, and its timers and tab messages would reach the next test's client.
 */
export function destroyTestClients(): void {
  for (const client of liveClients) client.destroy();
  liveClients.clear();
}

/** A client against the Prism of this run, quiet transport logger, no retries between refresh attempts. */
export function prismClient(options: Omit<PrismAuthClientOptions, "prismUrl"> = {}) {
  const kit = createPrismAuthClient({
    prismUrl: inject("prismUrl"),
    retryDelaysMs: [],
    transport: { logger: { warn: () => undefined } },
    ...options,
  });
  liveClients.add(kit.client);
  return kit;
}

/**
 * Waits for the client's first session answer. A provider whose client finds no session resets the query cache a
 * hook already ran in, so state read from queries before that answer can go back to loading.
 */
export async function sessionAnswered(client: AuthClient): Promise<void> {
  await waitFor(() => expect(client.getSnapshot().status).not.toBe("loading"));
}

/** The provider a wrapper renders: `AuthProvider` (the default) or `AuthQueryProvider`. */
type Provider = typeof AuthProvider | typeof AuthQueryProvider;

/** A render wrapper: AuthProvider (or `provider`) over `client` with `queryClient`, optionally in StrictMode. */
export function providerWrapper(props: {
  client: Parameters<typeof AuthProvider>[0]["client"];
  queryClient?: QueryClient;
  strict?: boolean;
  provider?: Provider;
}) {
  const Provider = props.provider ?? AuthProvider;
  return function Wrapper({ children }: { children?: ReactNode }) {
    const tree = (
      <Provider client={props.client!} {...(props.queryClient ? { queryClient: props.queryClient } : {})}>
        {children}
      </Provider>
    );
    return props.strict ? <StrictMode>{tree}</StrictMode> : tree;
  };
}

/** A render wrapper: the app's own QueryClientProvider around an AuthProvider (or `provider`) that gets no `queryClient` prop. */
export function outerQueryClientWrapper(
  client: AuthClient,
  queryClient: QueryClient,
  provider: Provider = AuthProvider,
) {
  const Provider = provider;
  return function Wrapper({ children }: { children?: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <Provider client={client}>{children}</Provider>
      </QueryClientProvider>
    );
  };
}

/**
 * Expects `renderIt` to throw `message`, keeping the error React logs and the one jsdom reports for the
 * uncaught render error out of the test output (they are expected here).
 */
export function expectRenderError(renderIt: () => unknown, message: string): void {
  const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const swallow = (event: ErrorEvent) => event.preventDefault();
  window.addEventListener("error", swallow);
  try {
    expect(renderIt).toThrow(message);
  } finally {
    window.removeEventListener("error", swallow);
    consoleError.mockRestore();
  }
}
