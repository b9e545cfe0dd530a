/**
 * `useMfa()`: the user's MFA status as a union on `status` (loading | disabled | enabled | unexpected_error),
 * each state carrying only the actions valid in it, plus a way to reload the status.
 */
import { useMemo } from "react";
import type * as api from "../generated/operations.js";
import type { DisableMfaError, EnableMfaError, GetSecurityStatusError } from "../generated/queries.js";
import { useDisableMfa, useEnableMfa, useGetSecurityStatus } from "../generated/query-hooks.js";
import { useSessionFor } from "./use-session-for.js";

/** The states of `useMfa()`. */
export type MfaStatus = "loading" | "disabled" | "enabled" | "unexpected_error";

/** The security status while MFA is off: a fresh secret and its QR code to set it up with. */
export type MfaDisabledStatus = Extract<api.GetSecurityStatusResponse, { mfa_enabled: false }>;

/** The security status while MFA is on: the backup codes. */
export type MfaEnabledStatus = Extract<api.GetSecurityStatusResponse, { mfa_enabled: true }>;

/** What every state of `useMfa()` has. */
interface MfaCommon {
  /** Reads the status from the server again. */
  reload(): Promise<void>;
  /** True while enabling or disabling (until the new status has been read). */
  pending: boolean;
  /** Why the last read, enable or disable failed; null when nothing failed. */
  error: GetSecurityStatusError | EnableMfaError | DisableMfaError | null;
}

/** The status is being read. */
export interface MfaLoading extends MfaCommon {
  status: "loading";
}

/** MFA is off: set it up with the secret, then `enable` with a code from the authenticator app. */
export interface MfaDisabled extends MfaCommon {
  status: "disabled";
  securityStatus: MfaDisabledStatus;
  /** Turns MFA on with a code from the authenticator app; resolves true on success (the status is then "enabled"). */
  enable(code: string): Promise<boolean>;
}

/** MFA is on. */
export interface MfaEnabled extends MfaCommon {
  status: "enabled";
  securityStatus: MfaEnabledStatus;
  /** Turns MFA off; resolves true on success (the status is then "disabled"). */
  disable(): Promise<boolean>;
}

/** The status could not be read; `error` says why and `reload` tries again. */
export interface MfaUnexpectedError extends MfaCommon {
  status: "unexpected_error";
}

/** What `useMfa()` returns: narrow on `status`. */
export type UseMfaResult = MfaLoading | MfaDisabled | MfaEnabled | MfaUnexpectedError;

const succeeded = () => true;
const failed = () => false;

/** MFA status and the actions of each state; enabling and disabling refresh the session and re-read the status. */
export function useMfa(): UseMfaResult {
  useSessionFor("useMfa");
  const status = useGetSecurityStatus();
  const enable = useEnableMfa();
  const disable = useDisableMfa();
  return useMemo((): UseMfaResult => {
    const common: MfaCommon = {
      reload: () => status.refetch().then(() => undefined),
      pending: enable.isPending || disable.isPending,
      error: enable.error ?? disable.error ?? status.error ?? null,
    };
    const data = status.data;
    if (data?.mfa_enabled === false) {
      const enableWith = (code: string) => enable.mutateAsync({ body: { code: code.trim() } }).then(succeeded, failed);
      return { ...common, status: "disabled", securityStatus: data, enable: enableWith };
    }
    if (data?.mfa_enabled === true) {
      return {
        ...common,
        status: "enabled",
        securityStatus: data,
        disable: () => disable.mutateAsync({ body: {} }).then(succeeded, failed),
      };
    }
    return { ...common, status: status.isError ? "unexpected_error" : "loading" };
  }, [status, enable, disable]);
}
