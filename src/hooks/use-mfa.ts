/** `useMfa()`: the user's MFA status for a loading indicator (§2: loading | disabled | enabled | unexpected_error) with enable / disable. */
import { useMemo } from "react";
import type * as api from "../generated/operations.js";
import {
  useDisableMfa,
  useEnableMfa,
  useGetSecurityStatus,
  type DisableMfaError,
  type EnableMfaError,
  type GetSecurityStatusError,
} from "../generated/queries.js";
import { useAuthClientFor } from "./context.js";
import { useQueryClientFor } from "./query-client.js";

/** The §2 status set of a loading indicator. */
export type MfaStatus = "loading" | "disabled" | "enabled" | "unexpected_error";

/** What `useMfa()` returns. */
export interface UseMfaResult {
  status: MfaStatus;
  /** The security status as the server sent it (secret and QR code when disabled, backup codes when enabled). */
  securityStatus: api.GetSecurityStatusResponse | undefined;
  /** Turns MFA on with a code from the authenticator app; resolves true on success. */
  enable(code: string): Promise<boolean>;
  /** Turns MFA off; resolves true on success. */
  disable(): Promise<boolean>;
  /** True while enabling or disabling. */
  pending: boolean;
  /** Why loading, enabling or disabling failed. */
  error: GetSecurityStatusError | EnableMfaError | DisableMfaError | null;
}

function statusOf(query: { isError: boolean; data: api.GetSecurityStatusResponse | undefined }): MfaStatus {
  if (query.data) return query.data.mfa_enabled ? "enabled" : "disabled";
  if (query.isError) return "unexpected_error";
  return "loading";
}

const succeeded = () => true;
const failed = () => false;

/** MFA status and actions; enabling and disabling refresh the session and the status (declared in the contract). */
export function useMfa(): UseMfaResult {
  useAuthClientFor("useMfa");
  useQueryClientFor("useMfa");
  const status = useGetSecurityStatus();
  const enable = useEnableMfa();
  const disable = useDisableMfa();
  return useMemo(
    () => ({
      status: statusOf(status),
      securityStatus: status.data,
      enable: (code: string) => enable.mutateAsync({ body: { code } }).then(succeeded, failed),
      disable: () => disable.mutateAsync({ body: {} }).then(succeeded, failed),
      pending: enable.isPending || disable.isPending,
      error: enable.error ?? disable.error ?? status.error ?? null,
    }),
    [status, enable, disable],
  );
}
