/** useLoginFlow follows the server's login state when it changes under it (a new scenario in the demo, another tab). */
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { getLoginStateKeys, isApiError, useLoginFlow, type LoginFlow } from "../../src/hooks/index.js";
import { prismClient, providerWrapper, sessionAnswered, testQueryClient } from "./support.js";

/** A logged-out visitor at TwoFactorRequired, once the session has answered (its reset of the cache is behind us). */
async function setup() {
  const queryClient = testQueryClient();
  const kit = prismClient({ prefer: { refreshToken: "code=401", getLoginState: "example=TwoFactorRequired" } });
  const view = renderHook(() => useLoginFlow(), { wrapper: providerWrapper({ client: kit.client, queryClient }) });
  await sessionAnswered(kit.client);
  return { ...kit, queryClient, flow: (): LoginFlow => view.result.current };
}

describe("useLoginFlow when the server's state changes", () => {
  it("drops an error made in the previous step once the flow is at another step", async () => {
    const { flow, prefer, queryClient } = await setup();
    await waitFor(() => expect(flow().step).toBe("TwoFactorRequired"));
    prefer.verifyMfa = "code=400, example=invalid_request_fields";
    const atMfa = flow();
    if (atMfa.step !== "TwoFactorRequired") throw new Error("expected the MFA step");
    expect(await act(() => atMfa.verifyMfa({ code: "000000" }))).toBe(false);
    expect(flow().error).not.toBeNull();
    prefer.getLoginState = "example=LoginRequired"; // the server starts the login again
    await act(() => queryClient.invalidateQueries({ queryKey: getLoginStateKeys.all }));
    await waitFor(() => expect(flow().step).toBe("LoginRequired"));
    expect(flow().error).toBeNull();
  });

  it("shows a failed re-read of the step as unavailable at once, and follows the server again on reload", async () => {
    const { flow, prefer, queryClient } = await setup();
    await waitFor(() => expect(flow().step).toBe("TwoFactorRequired"));
    prefer.getLoginState = "code=500, example=unexpected_error";
    await act(() => queryClient.invalidateQueries({ queryKey: getLoginStateKeys.all }));
    await waitFor(() => expect(flow().step).toBe("unavailable"));
    const unavailable = flow();
    expect(
      unavailable.step === "unavailable" && isApiError(unavailable.loadError) && unavailable.loadError.status,
    ).toBe(500);
    prefer.getLoginState = "example=ConfirmEmailRequired";
    act(() => flow().reload());
    await waitFor(() => expect(flow().step).toBe("ConfirmEmailRequired"));
  });
});
