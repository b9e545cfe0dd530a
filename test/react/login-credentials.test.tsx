import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useLoginFlow } from "../../src/hooks/index.js";
import { createAuthClient, createBrowserEnvironment } from "../../src/session/index.js";
import { isApiError } from "../../src/transport/index.js";
import { providerWrapper, testQueryClient } from "./support.js";

/** A server whose login answers reveal more than they should: the flow must not pass that on to the user. */
function clientAnswering(loginAnswer: { status: number; body: unknown }) {
  const fetch = async (input: string | URL | Request): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/api/v1/refresh_token") return new Response("{}", { status: 401 });
    if (url.pathname.endsWith("/login_state")) return Response.json({ login_state: "LoginRequired" });
    return Response.json(loginAnswer.body, { status: loginAnswer.status });
  };
  return createAuthClient({
    authUrl: "https://auth.example.test",
    retryDelaysMs: [],
    transport: { logger: { warn: () => undefined } },
    environment: createBrowserEnvironment({
      fetch,
      openChannel: () => null,
      locks: null,
      onWake: () => () => undefined,
    }),
  });
}

async function failedLogin(loginAnswer: { status: number; body: unknown }) {
  const client = clientAnswering(loginAnswer);
  const view = renderHook(() => useLoginFlow(), {
    wrapper: providerWrapper({ client, queryClient: testQueryClient() }),
  });
  await waitFor(() => expect(view.result.current.step).toBe("LoginRequired"));
  const flow = view.result.current;
  if (flow.step !== "LoginRequired") throw new Error("unreachable");
  await act(() => flow.login({ email: "nobody@acme.com", password: "x" }));
  client.destroy();
  return view.result.current.error;
}

describe("useLoginFlow: an unknown user reads as invalid credentials", () => {
  it("user_not_found and incorrect_password show the same text, without field hints; the code stays for the app", async () => {
    const unknown = await failedLogin({
      status: 404,
      body: {
        error_code: "user_not_found",
        user_facing_error: "No account uses this email",
        user_facing_errors: { email: "No account uses this email" },
      },
    });
    const wrong = await failedLogin({
      status: 400,
      body: { error_code: "incorrect_password", user_facing_error: "Wrong password for this account" },
    });
    expect(isApiError(unknown, "login") && unknown.code).toBe("user_not_found");
    expect(isApiError(wrong, "login") && wrong.rawCode).toBe("incorrect_password");
    for (const error of [unknown, wrong]) {
      expect(error).toMatchObject({
        userFacingError: "Invalid email or password",
        message: "Invalid email or password",
        userFacingErrors: {},
        fieldErrors: {},
      });
    }
  });
});
