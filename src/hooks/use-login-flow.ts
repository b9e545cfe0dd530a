/**
 * `useLoginFlow()`: the login steps driven by `login_state`. The current step comes from `getLoginState`
 * (and from every action's answer); only the actions valid in that step exist on the result, so narrowing on
 * `step` gives the right ones. Actions run the generated mutation options (their invalidation and session
 * effects included); when the flow reaches `Finished` the session is refreshed so the app sees the user at once.
 * An unknown user and a wrong password read the same ("Invalid email or password"); `error.code` keeps which.
 */
import { MutationObserver, type QueryClient, type UseMutationOptions } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import type * as api from "../generated/operations.js";
import {
  createOrgMutationOptions,
  enableMfaMutationOptions,
  forgotPasswordMutationOptions,
  getLoginStateKeys,
  joinOrgMutationOptions,
  loginMutationOptions,
  loginPasswordlessMutationOptions,
  resendEmailConfirmationMutationOptions,
  signupMutationOptions,
  updateMetadataMutationOptions,
  updatePasswordMutationOptions,
  verifyBackupCodeMutationOptions,
  verifyMfaMutationOptions,
  type CreateOrgError,
  type EnableMfaError,
  type ForgotPasswordError,
  type GetLoginStateError,
  type GetSecurityStatusError,
  type JoinOrgError,
  type LoginError,
  type LoginPasswordlessError,
  type ResendEmailConfirmationError,
  type SignupError,
  type UpdateMetadataError,
  type UpdatePasswordError,
  type VerifyBackupCodeError,
  type VerifyMfaError,
} from "../generated/queries.js";
import { useGetLoginState, useGetSecurityStatus } from "../generated/query-hooks.js";
import type { ApiError } from "../transport/errors.js";
import {
  getRedirectFunctions,
  loginWithSaml,
  type AuthClient,
  type SamlLoginLookup,
  type SocialLoginProvider,
  type UnsafeNavigationError,
} from "../session/index.js";
import { useAuthClientFor, useAuthStateFor } from "./context.js";
import { asUserReadsIt } from "./login-errors.js";
import { useQueryClientFor } from "./query-client.js";

/** A step of the login flow, as the server's `login_state` names it. */
export type LoginStep = api.GetLoginStateResponse["login_state"];

/** Any error an action of the flow can end with, discriminated by `operationId` for API errors. */
export type LoginFlowError =
  | LoginError
  | SignupError
  | ForgotPasswordError
  | LoginPasswordlessError
  | VerifyMfaError
  | VerifyBackupCodeError
  | ResendEmailConfirmationError
  | UpdateMetadataError
  | CreateOrgError
  | JoinOrgError
  | UpdatePasswordError
  | EnableMfaError
  | GetSecurityStatusError
  | ApiError<"loginCheck">
  | UnsafeNavigationError;

/** What every state of the flow carries. An action resolves true on success and false on failure (see `error`). */
interface FlowCommon {
  /** True while an action runs. */
  pending: boolean;
  /**
   * The last action's failure (cleared when the next one starts); in TwoFactorEnablementRequired, also a failure
   * to load the MFA setup when no action failed since.
   */
  error: LoginFlowError | null;
  /** The action `error` came from (a form shows the error only when it is its own); null when none failed. */
  failedAction: LoginFlowAction | null;
  /** Re-reads the step from the server. */
  reload(): void;
}

type Body<R extends { body?: unknown }> = NonNullable<R["body"]>;
type Action<Input> = (input: Input) => Promise<boolean>;

/** The actions of each step. */
export interface LoginStepActions {
  LoginRequired: {
    login: Action<Body<api.LoginRequest>>;
    signup: Action<Body<api.SignupRequest>>;
    forgotPassword: Action<Body<api.ForgotPasswordRequest>>;
    loginPasswordless: Action<Body<api.LoginPasswordlessRequest>>;
    /** Navigates to the provider's social login (the browser leaves the page). */
    loginWithSocial(provider: SocialLoginProvider): void;
    /** Looks up the org's SAML login URL and navigates there. */
    loginWithSaml: Action<SamlLoginLookup>;
    /** The answer of the last successful `forgotPassword` (a message to show, webmail links); null before. */
    passwordReset: api.ForgotPasswordResponse | null;
  };
  TwoFactorRequired: {
    verifyMfa: Action<Body<api.VerifyMfaRequest>>;
    verifyBackupCode: Action<Body<api.VerifyBackupCodeRequest>>;
  };
  ConfirmEmailRequired: { resendEmailConfirmation(): Promise<boolean> };
  UserMetadataRequired: { updateMetadata: Action<Body<api.UpdateMetadataRequest>> };
  OrgCreationRequired: {
    createOrg: Action<Body<api.CreateOrgRequest>>;
    joinOrg: Action<string>;
  };
  UpdatePasswordRequired: { updatePassword: Action<Body<api.UpdatePasswordRequest>> };
  TwoFactorEnablementRequired: {
    /** The MFA setup (secret and QR code) while it loads: null. */
    mfaSetup: api.GetSecurityStatusResponse | null;
    enableMfa: Action<Body<api.EnableMfaRequest>>;
  };
  Finished: Record<never, never>;
}

/** The name of every action that can fail (`loginWithSocial` only navigates). */
export type LoginFlowAction = Exclude<
  {
    [S in LoginStep]: {
      [K in keyof LoginStepActions[S]]: LoginStepActions[S][K] extends (...args: never[]) => Promise<boolean>
        ? K
        : never;
    }[keyof LoginStepActions[S]];
  }[LoginStep],
  undefined
>;

/** What `useLoginFlow()` returns: narrow on `step` to reach the actions valid in it. */
export type LoginFlow =
  | (FlowCommon & { step: "loading" })
  | (FlowCommon & { step: "unavailable"; loadError: GetLoginStateError })
  | { [S in LoginStep]: FlowCommon & { step: S } & LoginStepActions[S] }[LoginStep];

type Runner = <Data, Failure, Variables>(
  action: LoginFlowAction,
  options: UseMutationOptions<Data, Failure, Variables>,
  variables: Variables,
  onData?: (data: Data) => void,
) => Promise<boolean>;
type Tracker = (action: LoginFlowAction, work: () => Promise<unknown>) => Promise<boolean>;

/** The last failure: what went wrong, in which action, at which step. */
interface Failure {
  error: LoginFlowError;
  action: LoginFlowAction;
  step: LoginStep | undefined;
}

/**
 * Runs an action's work, tracking pending / error; resolves true on success, false on failure. An error belongs
 * to the step it happened in: once the flow is at another step (e.g. the server's state moved on) it is gone.
 */
function useTracker(step: LoginStep | undefined): { track: Tracker; pending: boolean; failure: Failure | null } {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const track = useCallback<Tracker>(
    async (action, work) => {
      setPending(true);
      setFailure(null);
      try {
        await work();
        return true;
      } catch (error) {
        setFailure({ error: asUserReadsIt(error) as LoginFlowError, action, step });
        return false;
      } finally {
        setPending(false);
      }
    },
    [step],
  );
  return { track, pending, failure: failure !== null && failure.step === step ? failure : null };
}

/** Runs mutation options through the QueryClient (so their `onSuccess` effects run) and moves to the answer's step. */
function useRunner(queryClient: QueryClient, track: Tracker): Runner {
  return useCallback<Runner>(
    (action, options, variables, onData) =>
      track(action, async () => {
        const data = await new MutationObserver(queryClient, options).mutate(variables);
        const step = (data as { login_state?: LoginStep } | undefined)?.login_state;
        if (step) queryClient.setQueryData(getLoginStateKeys.query(), { login_state: step });
        onData?.(data);
      }),
    [queryClient, track],
  );
}

interface StepData {
  mfaSetup: api.GetSecurityStatusResponse | null;
  passwordReset: api.ForgotPasswordResponse | null;
  setPasswordReset: (answer: api.ForgotPasswordResponse | null) => void;
}

function allActions(client: AuthClient, run: Runner, track: Tracker, data: StepData) {
  return {
    LoginRequired: {
      login: (body) => run("login", loginMutationOptions(client), { body }),
      signup: (body) => run("signup", signupMutationOptions(client), { body }),
      forgotPassword: (body) => {
        data.setPasswordReset(null);
        return run("forgotPassword", forgotPasswordMutationOptions(client), { body }, data.setPasswordReset);
      },
      loginPasswordless: (body) => run("loginPasswordless", loginPasswordlessMutationOptions(client), { body }),
      loginWithSocial: (provider) => getRedirectFunctions(client).toSocialLogin(provider),
      loginWithSaml: (lookup) => track("loginWithSaml", () => loginWithSaml(client, lookup)),
      passwordReset: data.passwordReset,
    },
    TwoFactorRequired: {
      verifyMfa: (body) => run("verifyMfa", verifyMfaMutationOptions(client), { body }),
      verifyBackupCode: (body) => run("verifyBackupCode", verifyBackupCodeMutationOptions(client), { body }),
    },
    ConfirmEmailRequired: {
      resendEmailConfirmation: () =>
        run("resendEmailConfirmation", resendEmailConfirmationMutationOptions(client), undefined),
    },
    UserMetadataRequired: {
      updateMetadata: (body) => run("updateMetadata", updateMetadataMutationOptions(client), { body }),
    },
    OrgCreationRequired: {
      createOrg: (body) => run("createOrg", createOrgMutationOptions(client), { body }),
      joinOrg: (orgId) => run("joinOrg", joinOrgMutationOptions(client), { path: { orgId } }),
    },
    UpdatePasswordRequired: {
      updatePassword: (body) => run("updatePassword", updatePasswordMutationOptions(client), { body }),
    },
    TwoFactorEnablementRequired: {
      mfaSetup: data.mfaSetup,
      enableMfa: (body) => run("enableMfa", enableMfaMutationOptions(client), { body }),
    },
    Finished: {},
  } satisfies LoginStepActions;
}

/** Drives the login flow: the current step, the actions valid in it, typed errors, and a session refresh on Finished. */
export function useLoginFlow(): LoginFlow {
  const client = useAuthClientFor("useLoginFlow");
  const { snapshot } = useAuthStateFor("useLoginFlow");
  const queryClient = useQueryClientFor("useLoginFlow");
  const loginState = useGetLoginState();
  const step = loginState.data?.login_state;
  const security = useGetSecurityStatus({}, { enabled: step === "TwoFactorEnablementRequired" });
  const { track, pending, failure } = useTracker(step);
  const run = useRunner(queryClient, track);
  const [passwordReset, setPasswordReset] = useState<api.ForgotPasswordResponse | null>(null);

  // Finished but the session does not know yet (e.g. a step without its own session effect): refresh once.
  const finishedButLoggedOut = step === "Finished" && snapshot.status === "logged_out";
  useEffect(() => {
    if (finishedButLoggedOut) client.refresh().catch(() => undefined);
  }, [client, finishedButLoggedOut]);

  const { refetch } = loginState;
  return useMemo((): LoginFlow => {
    const setupError = step === "TwoFactorEnablementRequired" ? security.error : null;
    const common: FlowCommon = {
      pending,
      error: failure?.error ?? setupError,
      failedAction: failure?.action ?? null,
      reload: () => void refetch(),
    };
    // A failed re-read of the step (e.g. the server now answers 500) shows as unavailable, not as the last step read.
    if (loginState.error) return { ...common, step: "unavailable", loadError: loginState.error };
    if (step === undefined) return { ...common, step: "loading" };
    const actions = allActions(client, run, track, {
      mfaSetup: security.data ?? null,
      passwordReset,
      setPasswordReset,
    })[step];
    return { ...common, step, ...actions } as LoginFlow;
  }, [
    client,
    run,
    track,
    step,
    pending,
    failure,
    refetch,
    loginState.error,
    security.data,
    security.error,
    passwordReset,
  ]);
}
