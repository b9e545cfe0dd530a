import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, inject, it } from "vitest";
import { isApiError } from "../../src/transport/index.js";
import { useAuthInfo, useLoginFlow, type LoginFlow, type LoginStep } from "../../src/hooks/index.js";
import { prismClient, providerWrapper, sessionAnswered, testQueryClient } from "./support.js";

/** A logged-out visitor whose server-side login step is `step` (Prism's named examples). */
function setup(step: LoginStep) {
  const kit = prismClient({ prefer: { refreshToken: "code=401", getLoginState: `example=${step}` } });
  const view = renderHook(() => ({ flow: useLoginFlow(), auth: useAuthInfo() }), {
    wrapper: providerWrapper({ client: kit.client, queryClient: testQueryClient() }),
  });
  return { ...kit, view, flow: () => view.result.current.flow, auth: () => view.result.current.auth };
}

/** `setup(step)` once the session has answered (no session: the flow's first read may be reset by then). */
async function answered(step: LoginStep) {
  const kit = setup(step);
  await sessionAnswered(kit.client);
  return kit;
}

function expectStep<S extends LoginStep>(flow: LoginFlow, step: S): Extract<LoginFlow, { step: S }> {
  expect(flow.step).toBe(step);
  return flow as Extract<LoginFlow, { step: S }>;
}

const ACTIONS_BY_STEP: Record<LoginStep, string[]> = {
  LoginRequired: [
    "forgotPassword",
    "login",
    "loginPasswordless",
    "loginWithSaml",
    "loginWithSocial",
    "passwordReset",
    "signup",
  ],
  TwoFactorRequired: ["verifyBackupCode", "verifyMfa"],
  ConfirmEmailRequired: ["resendEmailConfirmation"],
  UserMetadataRequired: ["updateMetadata"],
  OrgCreationRequired: ["createOrg", "joinOrg"],
  UpdatePasswordRequired: ["updatePassword"],
  TwoFactorEnablementRequired: ["enableMfa", "mfaSetup"],
  Finished: [],
};

describe("useLoginFlow", () => {
  it.each(Object.keys(ACTIONS_BY_STEP) as LoginStep[])("in %s exposes only that step's actions", async (step) => {
    const { flow, client } = setup(step);
    await waitFor(() => expect(flow().step).toBe("loading"));
    await sessionAnswered(client);
    await waitFor(() => expect(flow().step).toBe(step));
    const actions = Object.keys(flow()).filter(
      (key) => !["step", "pending", "error", "failedAction", "reload"].includes(key),
    );
    expect(actions.sort()).toEqual(ACTIONS_BY_STEP[step]);
  });

  it("walks every step against the mock: login → confirm email → MFA → metadata → org → password → MFA setup → Finished", async () => {
    const { flow, auth, prefer, requestsOf } = await answered("LoginRequired");
    await waitFor(() => expect(flow().step).toBe("LoginRequired"));
    expect(auth().status).toBe("logged_out");

    // wrong credentials: a typed error, the step stays
    prefer.login = "code=404, example=user_not_found";
    let ok = await act(() => expectStep(flow(), "LoginRequired").login({ email: "ada@acme.com", password: "nope" }));
    expect(ok).toBe(false);
    const failure = flow().error;
    expect(isApiError(failure, "login") && failure.code).toBe("user_not_found");
    await waitFor(() => expect(flow().step).toBe("LoginRequired"));

    prefer.login = "example=ConfirmEmailRequired";
    prefer.getLoginState = "example=ConfirmEmailRequired";
    ok = await act(() =>
      expectStep(flow(), "LoginRequired").login({ email: "ada@acme.com", password: "correct horse" }),
    );
    expect(ok).toBe(true);
    expect(flow().error).toBeNull();
    await waitFor(() => expect(flow().step).toBe("ConfirmEmailRequired"));

    await act(() => expectStep(flow(), "ConfirmEmailRequired").resendEmailConfirmation());
    expect(requestsOf("resendEmailConfirmation")).toHaveLength(1);
    prefer.getLoginState = "example=TwoFactorRequired"; // the user clicked the link in the email
    act(() => flow().reload());
    await waitFor(() => expect(flow().step).toBe("TwoFactorRequired"));

    prefer.verifyMfa = "code=400, example=invalid_request_fields";
    ok = await act(() => expectStep(flow(), "TwoFactorRequired").verifyMfa({ code: "000000" }));
    expect(ok).toBe(false);
    const mfaFailure = flow().error;
    expect(isApiError(mfaFailure, "verifyMfa") && mfaFailure.fieldErrors).toEqual({ code: expect.any(String) });

    prefer.verifyBackupCode = "example=UserMetadataRequired";
    prefer.getLoginState = "example=UserMetadataRequired";
    await act(() => expectStep(flow(), "TwoFactorRequired").verifyBackupCode({ code: "7kq2-9fzd" }));
    await waitFor(() => expect(flow().step).toBe("UserMetadataRequired"));

    prefer.getLoginState = "example=OrgCreationRequired";
    await act(() => expectStep(flow(), "UserMetadataRequired").updateMetadata({ first_name: "Ada" }));
    await waitFor(() => expect(flow().step).toBe("OrgCreationRequired"));

    prefer.getLoginState = "example=UpdatePasswordRequired";
    await act(() =>
      expectStep(flow(), "OrgCreationRequired").createOrg({
        name: "Acme",
        autojoin_by_domain: false,
        restrict_to_domain: false,
      }),
    );
    await waitFor(() => expect(flow().step).toBe("UpdatePasswordRequired"));

    prefer.getLoginState = "example=TwoFactorEnablementRequired";
    await act(() => expectStep(flow(), "UpdatePasswordRequired").updatePassword({ password: "a much better one" }));
    await waitFor(() => expect(flow().step).toBe("TwoFactorEnablementRequired"));
    await waitFor(() => expect(expectStep(flow(), "TwoFactorEnablementRequired").mfaSetup).not.toBeNull());
    const setupData = expectStep(flow(), "TwoFactorEnablementRequired").mfaSetup;
    expect(setupData?.mfa_enabled === false && setupData.new_secret).toBe("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");

    prefer.getLoginState = "example=Finished";
    delete prefer.refreshToken; // the server now has a session
    const refreshesBefore = requestsOf("refreshToken").length;
    await act(() => expectStep(flow(), "TwoFactorEnablementRequired").enableMfa({ code: "123456" }));
    await waitFor(() => expect(flow().step).toBe("Finished"));
    await waitFor(() => expect(auth().status).toBe("logged_in"));
    expect(requestsOf("refreshToken").length).toBeGreaterThan(refreshesBefore);
  });

  it("login reaching Finished refreshes the session before the action resolves", async () => {
    const { flow, auth, prefer } = await answered("LoginRequired");
    await waitFor(() => expect(flow().step).toBe("LoginRequired"));
    prefer.login = "example=Finished";
    prefer.getLoginState = "example=Finished";
    delete prefer.refreshToken;
    await act(() => expectStep(flow(), "LoginRequired").login({ email: "ada@acme.com", password: "correct horse" }));
    expect(auth().status).toBe("logged_in");
    await waitFor(() => expect(flow().step).toBe("Finished"));
  });

  it("refreshes the session when the server reports Finished after a step without its own session effect", async () => {
    const { flow, auth, prefer, requestsOf } = await answered("UpdatePasswordRequired");
    await waitFor(() => expect(flow().step).toBe("UpdatePasswordRequired"));
    prefer.getLoginState = "example=Finished";
    delete prefer.refreshToken;
    const before = requestsOf("refreshToken").length;
    await act(() => expectStep(flow(), "UpdatePasswordRequired").updatePassword({ password: "a much better one" }));
    await waitFor(() => expect(auth().status).toBe("logged_in"));
    expect(requestsOf("refreshToken")).toHaveLength(before + 1);
  });

  it("signup, forgot password and passwordless run their calls from LoginRequired", async () => {
    const { flow, requestsOf, prefer } = await answered("LoginRequired");
    await waitFor(() => expect(flow().step).toBe("LoginRequired"));
    expect(expectStep(flow(), "LoginRequired").passwordReset).toBeNull();
    expect(await act(() => expectStep(flow(), "LoginRequired").forgotPassword({ email: "ada@acme.com" }))).toBe(true);
    expect(expectStep(flow(), "LoginRequired").passwordReset).toEqual({
      message: expect.stringContaining("password reset link"),
      sniper_links: expect.objectContaining({ gmail: expect.stringMatching(/^https:/) }),
    });
    expect(
      await act(() =>
        expectStep(flow(), "LoginRequired").loginPasswordless({ email: "ada@acme.com", create_if_doesnt_exist: false }),
      ),
    ).toBe(true);
    prefer.getLoginState = "example=ConfirmEmailRequired";
    expect(
      await act(() =>
        expectStep(flow(), "LoginRequired").signup({ email: "grace@acme.com", password: "correct horse" }),
      ),
    ).toBe(true);
    await waitFor(() => expect(flow().step).toBe("ConfirmEmailRequired"));
    expect(
      [requestsOf("forgotPassword"), requestsOf("loginPasswordless"), requestsOf("signup")].map((r) => r.length),
    ).toEqual([1, 1, 1]);
  });

  it("social login navigates to the provider path; SAML navigates to the looked-up login_url", async () => {
    const { flow, navigations, requestsOf } = await answered("LoginRequired");
    await waitFor(() => expect(flow().step).toBe("LoginRequired"));
    act(() => expectStep(flow(), "LoginRequired").loginWithSocial("github"));
    expect(navigations[0]).toBe(`${inject("prismUrl")}/github/login`);
    expect(await act(() => expectStep(flow(), "LoginRequired").loginWithSaml({ domain: "acme.com" }))).toBe(true);
    expect(requestsOf("loginCheck")[0]?.url).toContain("domain=acme.com");
    expect(navigations[1]).toMatch(/^https:\/\//);
  });

  it("a failed SAML lookup is a typed loginCheck error", async () => {
    const { flow, prefer } = await answered("LoginRequired");
    await waitFor(() => expect(flow().step).toBe("LoginRequired"));
    prefer.loginCheck = "code=404, example=org_not_found";
    expect(await act(() => expectStep(flow(), "LoginRequired").loginWithSaml({ email: "x@nowhere.com" }))).toBe(false);
    const failure = flow().error;
    expect(isApiError(failure, "loginCheck") && failure.code).toBe("org_not_found");
  });

  it("names the action an error came from, and forgets it when the next action starts", async () => {
    const { flow, prefer } = await answered("LoginRequired");
    await waitFor(() => expect(flow().step).toBe("LoginRequired"));
    expect(flow().failedAction).toBeNull();
    prefer.loginCheck = "code=404, example=org_not_found";
    await act(() => expectStep(flow(), "LoginRequired").loginWithSaml({ domain: "nowhere.com" }));
    expect(flow().failedAction).toBe("loginWithSaml");
    prefer.login = "code=400, example=invalid_request_fields";
    expect(await act(() => expectStep(flow(), "LoginRequired").login({ email: "a@b.c", password: "x" }))).toBe(false);
    expect(flow().failedAction).toBe("login");
    delete prefer.loginCheck;
    expect(await act(() => expectStep(flow(), "LoginRequired").loginWithSaml({ domain: "acme.com" }))).toBe(true);
    expect(flow().failedAction).toBeNull();
    expect(flow().error).toBeNull();
  });

  it("a later SAML lookup clears the earlier failure, and the lookup counts as pending", async () => {
    const { flow, prefer } = await answered("LoginRequired");
    await waitFor(() => expect(flow().step).toBe("LoginRequired"));
    prefer.loginCheck = "code=404, example=org_not_found";
    await act(() => expectStep(flow(), "LoginRequired").loginWithSaml({ domain: "nowhere.com" }));
    expect(flow().error).not.toBeNull();
    delete prefer.loginCheck;
    let lookup: Promise<boolean> | undefined;
    act(() => {
      lookup = expectStep(flow(), "LoginRequired").loginWithSaml({ domain: "acme.com" });
    });
    expect(flow().pending).toBe(true);
    expect(flow().error).toBeNull();
    expect(await act(() => lookup!)).toBe(true);
    expect(flow().pending).toBe(false);
    expect(flow().error).toBeNull();
  });

  it("in TwoFactorEnablementRequired a failure to load the MFA setup is the flow's typed error", async () => {
    const { flow, prefer, client } = setup("TwoFactorEnablementRequired");
    prefer.getSecurityStatus = "code=500, example=unexpected_error";
    await sessionAnswered(client);
    await waitFor(() => expect(flow().error).not.toBeNull());
    const failure = flow().error;
    expect(isApiError(failure, "getSecurityStatus") && failure.code).toBe("unexpected_error");
    expect(expectStep(flow(), "TwoFactorEnablementRequired").mfaSetup).toBeNull();
  });

  it("reports an unavailable login state with its typed error", async () => {
    const kit = prismClient({ prefer: { refreshToken: "code=401", getLoginState: "code=500" } });
    const { result } = renderHook(() => useLoginFlow(), {
      wrapper: providerWrapper({ client: kit.client, queryClient: testQueryClient() }),
    });
    await sessionAnswered(kit.client);
    await waitFor(() => expect(result.current.step).toBe("unavailable"));
    const state = result.current;
    expect(state.step === "unavailable" && isApiError(state.loadError, "getLoginState") && state.loadError.code).toBe(
      "unexpected_error",
    );
  });
});
