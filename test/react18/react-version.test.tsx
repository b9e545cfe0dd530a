/**
 * Runs only in the vitest project "react18": proves the React tests there really run on React 18 — React,
 * react-dom, the jsx runtime, Testing Library's renderer and React Query's hooks all on the same React 18 copy.
 */
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { cleanup, render, renderHook, screen } from "@testing-library/react";
import { createRequire } from "node:module";
import * as React from "react";
import * as ReactDOM from "react-dom";
import { afterEach, describe, expect, it } from "vitest";

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

describe("the react18 project", () => {
  it("imports React 18 and react-dom 18", () => {
    expect(React.version).toMatch(/^18\./);
    expect(ReactDOM.version).toMatch(/^18\./);
  });

  it("hands React 18 to CommonJS requires too (react-dom's own require of react)", () => {
    const require = createRequire(import.meta.url);
    expect((require("react") as typeof React).version).toMatch(/^18\./);
    expect((require("react-dom/client") as object) === require("react-dom-18/client")).toBe(true);
  });

  it("renders hooks through Testing Library on React 18", () => {
    const { result } = renderHook(() => React.useId());
    expect(result.current).toMatch(/^:r/); // React 18 ids look like ":r0:"; React 19's do not
  });

  // React Query is ESM and inlined: were it on another React copy than react-dom, its hooks would throw here.
  it("runs React Query's hooks on the same React 18", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    function Probe() {
      const query = useQuery({ queryKey: ["version"], queryFn: async () => React.version });
      return <p>{query.data ? `data ${query.data}` : "pending"}</p>;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    );
    expect((await screen.findByText(/^data /)).textContent).toMatch(/^data 18\./);
  });
});
