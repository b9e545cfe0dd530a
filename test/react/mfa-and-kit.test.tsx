import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useAuthInfo, useGetJoinableOrgs, useMfa } from "../../src/hooks/index.js";
import { makeAuthInfo } from "../../src/testing/index.js";
import { StaticAuthProvider } from "../../src/testing/react.js";
import { prismClient, providerWrapper, testQueryClient } from "./support.js";

describe("useMfa", () => {
  it("goes loading → disabled, enables, and shows enabled after the declared refetch", async () => {
    const { client, prefer, requestsOf } = prismClient();
    const { result } = renderHook(() => useMfa(), {
      wrapper: providerWrapper({ client, queryClient: testQueryClient() }),
    });
    expect(result.current.status).toBe("loading");
    await waitFor(() => expect(result.current.status).toBe("disabled"));
    const disabled = result.current;
    if (disabled.status !== "disabled") throw new Error("expected disabled");
    expect(disabled.securityStatus.new_secret).toBeTruthy();
    prefer.getSecurityStatus = "example=Enabled";
    const refreshes = requestsOf("refreshToken").length;
    expect(await act(() => disabled.enable(" 123456 "))).toBe(true);
    await waitFor(() => expect(result.current.status).toBe("enabled"));
    expect(requestsOf("refreshToken")).toHaveLength(refreshes + 1);
    const enabled = result.current;
    if (enabled.status !== "enabled") throw new Error("expected enabled");
    expect(enabled.securityStatus.backup_codes.length).toBeGreaterThan(0);
    prefer.getSecurityStatus = "example=Disabled";
    expect(await act(() => enabled.disable())).toBe(true);
    await waitFor(() => expect(result.current.status).toBe("disabled"));
  });

  it("reports unexpected_error when the status cannot be read, and reload reads it again", async () => {
    const { client, prefer } = prismClient({ prefer: { getSecurityStatus: "code=500" } });
    const { result } = renderHook(() => useMfa(), {
      wrapper: providerWrapper({ client, queryClient: testQueryClient() }),
    });
    await waitFor(() => expect(result.current.status).toBe("unexpected_error"));
    expect(result.current.error?.name).toBe("ApiError");
    expect("enable" in result.current || "disable" in result.current).toBe(false);
    delete prefer.getSecurityStatus;
    await act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe("disabled"));
  });

  it("gives a typed error when enabling fails, and stays disabled", async () => {
    const { client, prefer } = prismClient();
    const { result } = renderHook(() => useMfa(), {
      wrapper: providerWrapper({ client, queryClient: testQueryClient() }),
    });
    await waitFor(() => expect(result.current.status).toBe("disabled"));
    prefer.enableMfa = "code=409, example=action_already_complete";
    const disabled = result.current;
    if (disabled.status !== "disabled") throw new Error("expected disabled");
    expect(await act(() => disabled.enable("123456"))).toBe(false);
    await waitFor(() => expect(result.current.error?.name).toBe("ApiError"));
    const error = result.current.error;
    expect(error && "code" in error && error.code).toBe("action_already_complete");
    expect(result.current.status).toBe("disabled");
  });
});

describe("testing kit", () => {
  it("StaticAuthProvider gives static auth info and makes no request", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    function Name() {
      const info = useAuthInfo();
      return <p>{info.isLoggedIn ? info.user.email : info.status}</p>;
    }
    render(
      <StaticAuthProvider authInfo={makeAuthInfo()}>
        <Name />
      </StaticAuthProvider>,
    );
    expect(screen.getByText("test@example.test")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it("StaticAuthProvider's generated hooks fail without touching the network", async () => {
    const { result } = renderHook(() => useGetJoinableOrgs(), {
      wrapper: ({ children }) => (
        <StaticAuthProvider authInfo={makeAuthInfo()} queryClient={testQueryClient()}>
          {children}
        </StaticAuthProvider>
      ),
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(String(result.current.error)).toContain("makes no requests");
    expect(result.current.error).toMatchObject({ type: "static_client_request", operationId: "getJoinableOrgs" });
  });

  it("createPrismAuthClient picks the example per operation and records requests", async () => {
    const { client, requests } = prismClient({ prefer: { refreshToken: "example=impersonated" } });
    const { result } = renderHook(() => useAuthInfo(), { wrapper: providerWrapper({ client }) });
    await waitFor(() => expect(result.current.status).toBe("logged_in"));
    expect(result.current.isLoggedIn && result.current.isImpersonating).toBe(true);
    expect(requests[0]).toMatchObject({ operationId: "refreshToken", method: "GET", prefer: "example=impersonated" });
  });
});
