/**
 * End-user API keys on the app's own API: a key created in the browser (personal or org) arrives as
 * `Authorization: Bearer <token>`; the auth host validates it (`backendValidateApiKey`) and the app gets the user or
 * org behind it, mapped like the rest of orgauth/server (`userFromUserinfo`, `toOrgMembership`). A key that does not
 * validate is an `ApiKeyError` whose `reason` says why; a failure that is not the key's (a wrong integration API key,
 * no answer) stays the call's `ApiError`.
 */
import { type AuthOrg, toAuthOrg } from "../session/auth-objects.js";
import { toOrgMembership } from "../session/org-membership.js";
import { readWireMembership } from "./membership-wire.js";
import type { OrgMembership, User } from "../session/types.js";
import { OrgauthError } from "../shared/orgauth-error.js";
import { ApiError } from "../transport/errors.js";
import type { BackendClient } from "./backend-client.js";
import { userFromUserinfo } from "./userinfo-user.js";

/** Why an API key was refused. */
export type ApiKeyFailure =
  /** No `Authorization` header, or an empty token. */
  | "missing"
  /** An `Authorization` header that is not `Bearer <token>`. */
  | "malformed"
  /** No key has this token. */
  | "unknown"
  /** The key has expired. */
  | "expired"
  /** The key was deleted (archived). */
  | "deleted"
  /** The key was used too often; `retryAfterMs` says how long to wait. */
  | "rate_limited";

/** An API key that was refused: `reason` says why. */
export class ApiKeyError extends OrgauthError {
  readonly type = "api_key" as const;
  override readonly name = "ApiKeyError";

  constructor(
    /** Why the key was refused. */
    readonly reason: ApiKeyFailure,
    message: string,
    /** For `rate_limited`: how long to wait before the key validates again, in milliseconds. */
    readonly retryAfterMs?: number,
    options?: { cause?: unknown },
  ) {
    super(`API key refused (${reason}): ${message}`, options);
  }
}

/** The organisation an org key belongs to. */
export interface ApiKeyOrg {
  readonly orgId: string;
  readonly orgName: string;
  /** Free key/value map; keys are kept exactly as the server sent them. */
  readonly metadata: Record<string, unknown>;
  readonly maxUsers?: number;
  readonly legacyOrgId?: string;
}

/** Who a valid API key belongs to: a user (personal key), an org (org key), or nobody (a key made on the backend). */
export type ApiKeyOwner =
  | {
      readonly kind: "personal";
      /** The metadata the key was created with. */
      readonly metadata: Record<string, unknown>;
      readonly user: User;
      /** The user's memberships, when the auth host sends them. */
      readonly orgIdToOrgMembership: Readonly<Record<string, OrgMembership>>;
    }
  | {
      readonly kind: "org";
      /** The metadata the key was created with. */
      readonly metadata: Record<string, unknown>;
      readonly org: ApiKeyOrg;
      /** The user the org key also names, if any. */
      readonly user?: User;
      /** That user's membership of the org, with its role checks. */
      readonly membership?: AuthOrg;
    }
  | {
      readonly kind: "generic";
      /** The metadata the key was created with. */
      readonly metadata: Record<string, unknown>;
    };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;

/** Options of `validateApiKey` and `validateRequestApiKey`. */
export interface ValidateApiKeyOptions {
  /**
   * The key was imported from another system (`importApiKey`): it is validated with `validateImportedApiKey`, where
   * only imported keys validate (a key the provider minted is `unknown` there, and an imported one on the default).
   */
  imported?: boolean;
}

/** Validates a key's token (a leading `Bearer ` is ignored) with the auth host; resolves its owner or rejects with an `ApiKeyError`. */
export async function validateApiKey(
  backend: BackendClient,
  token: string,
  options: ValidateApiKeyOptions = {},
): Promise<ApiKeyOwner> {
  const apiKeyToken = typeof token === "string" ? token.replace(/^bearer\s+/i, "").trim() : "";
  if (!apiKeyToken) throw new ApiKeyError("missing", "no API key was given");
  const request = { body: { api_key_token: apiKeyToken } };
  try {
    return ownerOf(
      await (options.imported ? backend.validateImportedApiKey(request) : backend.validateApiKey(request)),
    );
  } catch (error) {
    throw refusalOf(error);
  }
}

/** Reads `Authorization: Bearer <key>` from a request and validates the key (see `validateApiKey`). */
export function validateRequestApiKey(
  backend: BackendClient,
  request: Request,
  options: ValidateApiKeyOptions = {},
): Promise<ApiKeyOwner> {
  const header = request.headers.get("Authorization")?.trim() ?? "";
  if (!header) return Promise.reject(new ApiKeyError("missing", "the request has no Authorization header"));
  const token = /^bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) return Promise.reject(new ApiKeyError("malformed", "the Authorization header is not `Bearer <key>`"));
  return validateApiKey(backend, token, options);
}

/** The key's refusal, from the validate call's failure; any other failure as it is. */
function refusalOf(error: unknown): unknown {
  const validations = ["backendValidateApiKey", "backendValidateImportedApiKey"];
  if (!(error instanceof ApiError) || !validations.includes(error.operationId)) return error;
  if (error.code === "rate_limit_exceeded")
    return new ApiKeyError("rate_limited", error.userFacingError, error.retryAfterMs, { cause: error });
  if (error.code !== "invalid_request_fields") return error;
  const message = error.fieldErrors.api_key_token ?? error.userFacingError;
  const reason = /expired/i.test(message)
    ? "expired"
    : /deleted|archived|revoked/i.test(message)
      ? "deleted"
      : "unknown";
  return new ApiKeyError(reason, message, undefined, { cause: error });
}

/** The validate answer as the key's owner. */
function ownerOf(answer: Json): ApiKeyOwner {
  const metadata = isObject(answer.metadata) ? { ...answer.metadata } : {};
  const mapped = userFromUserinfo(answer.user, undefined);
  const membership = readWireMembership(answer.user_in_org);
  if (isObject(answer.org)) {
    const owner = { kind: "org" as const, metadata, org: toApiKeyOrg(answer.org) };
    return Object.freeze({
      ...owner,
      ...(mapped && { user: mapped.user }),
      ...(membership && { membership: toAuthOrg(toOrgMembership(membership)) }),
    });
  }
  if (mapped) return Object.freeze({ kind: "personal", metadata, ...mapped });
  return Object.freeze({ kind: "generic", metadata });
}

function toApiKeyOrg(org: Json): ApiKeyOrg {
  const name = typeof org.org_name === "string" ? org.org_name : org.name;
  return Object.freeze({
    orgId: typeof org.org_id === "string" ? org.org_id : "",
    orgName: typeof name === "string" ? name : "",
    metadata: isObject(org.metadata) ? { ...org.metadata } : {},
    ...(typeof org.max_users === "number" && { maxUsers: org.max_users }),
    ...(typeof org.legacy_org_id === "string" && { legacyOrgId: org.legacy_org_id }),
  });
}
