/**
 * The calls the app's server makes to the auth host: the authorize URL, the code exchange, the backend refresh and
 * logout, userinfo. Each failure is one of a few kinds the handlers act on.
 */
import type { ServerConfig } from "./options.js";

/** The tokens of a signed-in session. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** Why a call to the auth host failed: the session is over, the app is misconfigured, or the host did not answer. */
export type BackendFailureKind = "logged_out" | "invalid_api_key" | "bad_request" | "unreachable" | "unexpected";

/** A failed call to the auth host. */
export class BackendCallError extends Error {
  override readonly name = "BackendCallError";

  constructor(
    readonly kind: BackendFailureKind,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The auth host's calls, bound to the configuration. */
export interface ServerBackend {
  /** The hosted login's URL, which comes back to the redirect URI with `code` and `state`. */
  authorizeUrl(query: { state: string; signup: boolean; params: Record<string, string> }): string;
  /** The one-time code for the session's tokens. */
  exchangeCode(code: string): Promise<SessionTokens>;
  /** New tokens for a refresh token (an org token with `activeOrgId`). */
  refresh(refreshToken: string, activeOrgId: string | undefined): Promise<SessionTokens>;
  /** Ends the refresh token's session at the auth host. */
  logout(refreshToken: string): Promise<void>;
  /** The user's current information, for the bearer of an access token. */
  userinfo(accessToken: string): Promise<unknown>;
}

/** The failure kind of a non-2xx answer (its `error_code` when the body has one). */
function failureOf(status: number, errorCode: unknown): BackendFailureKind {
  if (errorCode === "invalid_api_key") return "invalid_api_key";
  if (errorCode === "not_logged_in") return "logged_out";
  if (status === 401 || status === 403) return errorCode === undefined ? "invalid_api_key" : "logged_out";
  if (status === 400 || status === 404 || status === 422) return "bad_request";
  return "unexpected";
}

/** The auth host's calls over `config.fetch`. */
export function createServerBackend(config: ServerConfig): ServerBackend {
  const call = async (path: string, init: { body?: unknown; bearer: string }): Promise<unknown> => {
    let response: Response;
    try {
      response = await config.fetch(new URL(path, config.authOrigin), {
        method: init.body === undefined ? "GET" : "POST",
        headers: {
          Authorization: `Bearer ${init.bearer}`,
          ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        redirect: "manual",
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      throw new BackendCallError("unreachable", `the auth host did not answer: ${String(error)}`, 0);
    }
    const text = await response.text().catch(() => "");
    let body: unknown;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const { error_code: errorCode, user_facing_error: said } = (body ?? {}) as Record<string, unknown>;
      const kind = failureOf(response.status, errorCode);
      const detail = [errorCode, said].filter((part) => typeof part === "string").join(": ");
      throw new BackendCallError(kind, `${path} answered ${response.status} ${detail}`.trim(), response.status);
    }
    return body;
  };

  return {
    authorizeUrl: ({ state, signup, params }) => {
      const url = new URL("/propelauth/ssr/authorize", config.authOrigin);
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      url.searchParams.set("redirect_uri", config.redirectUri);
      url.searchParams.set("state", state);
      url.searchParams.set("signup", String(signup));
      return url.href;
    },
    exchangeCode: async (code) => {
      const body = (await call("/propelauth/ssr/token", {
        body: { redirect_uri: config.redirectUri, code },
        bearer: config.apiKey,
      })) as { access_token: string; refresh_token: string };
      return { accessToken: body.access_token, refreshToken: body.refresh_token };
    },
    refresh: async (refreshToken, activeOrgId) => {
      const query =
        activeOrgId === undefined
          ? ""
          : `?with_active_org_support=true&active_org_id=${encodeURIComponent(activeOrgId)}`;
      const body = (await call(`/api/backend/v1/refresh_token${query}`, {
        body: { refresh_token: refreshToken },
        bearer: config.apiKey,
      })) as { refresh_token: string; access_token: { access_token: string } };
      return { accessToken: body.access_token.access_token, refreshToken: body.refresh_token };
    },
    logout: async (refreshToken) => {
      await call("/api/backend/v1/logout", { body: { refresh_token: refreshToken }, bearer: config.apiKey });
    },
    userinfo: (accessToken) => call("/propelauth/oauth/userinfo", { bearer: accessToken }),
  };
}
