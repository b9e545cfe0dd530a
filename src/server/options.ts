/** The server session's options, from code or from the environment (the provider's variable names), checked once. */
import { parseUrl } from "../shared/parse-url.js";
import { ServerConfigurationError } from "../transport/server-transport.js";
import { rsaPublicKeyProblem } from "./pem.js";
import type { ServerUser } from "./server-user.js";

/** What the server session needs: where the auth host is, the project's keys, and the app's callback URL. */
export interface ServerAuthOptions {
  /** The auth URL (`NEXT_PUBLIC_AUTH_URL`); its origin is the tokens' issuer. */
  authUrl: string;
  /** The integration API key (`PROPELAUTH_API_KEY`), sent to the auth host's backend calls as a bearer token. */
  apiKey: string;
  /**
   * The RS256 public key as PEM (`PROPELAUTH_VERIFIER_KEY`), checked when the server session is created; without it
   * the auth host's JWKS is fetched on first use, again after 10 minutes and for a key id it lacks.
   */
  verifierKey?: string;
  /** The app's callback URL (`PROPELAUTH_REDIRECT_URI`), e.g. `https://app.example.com/api/auth/callback`. */
  redirectUri: string;
  /** Origins besides the redirect URI's that a return path may point to. */
  allowedRedirectOrigins?: readonly string[];
  /** Seconds of clock difference allowed when checking `exp` and `nbf`. Default 5. */
  clockToleranceSeconds?: number;
  /**
   * The request handler refreshes when the access token expires sooner than this, in seconds, capped at half the
   * token's lifetime (tokens of 15 s are renewed with under 7.5 s left). Default 60.
   */
  refreshWhenSecondsRemaining?: number;
  /** Deadline of each call to the auth host, in milliseconds. Default 10000. */
  timeoutMs?: number;
  /**
   * Take the browser's host and scheme from `X-Forwarded-Host` and `X-Forwarded-Proto` (set it only behind a proxy
   * that writes them); by default the host is the `Host` header's. Default false.
   */
  trustHost?: boolean;
  /** The fetch used for calls to the auth host (tests, proxies). Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /**
   * Where a login started without a return path lands (a path of this app, or an allowed origin's URL); undefined
   * for the app's root. A target that leaves the app's origins is logged and replaced by the root.
   */
  afterLoginPath?: (user: ServerUser) => string | undefined;
  /**
   * The org a new session starts in when the browser has chosen none (no active-org cookie, or one the user left);
   * undefined, or an org the user is not in, starts without one.
   */
  defaultActiveOrgId?: (user: ServerUser) => string | undefined;
}

/** The options checked and reduced to what the handlers use. */
export interface ServerConfig {
  /** The auth URL's origin: where the backend calls go, and the tokens' `iss`. */
  readonly authOrigin: string;
  readonly apiKey: string;
  readonly verifierKey: string | undefined;
  readonly redirectUri: string;
  /** The redirect URI's origin: the app's own origin. */
  readonly appOrigin: string;
  /** The folder of the auth routes: the redirect URI's path without its last segment (`/api/auth`). */
  readonly routesPath: string;
  /** The path the callback answers on (the redirect URI's path). */
  readonly callbackPath: string;
  /** Cookies carry `Secure` when the redirect URI is https. */
  readonly secureCookies: boolean;
  readonly allowedOrigins: ReadonlySet<string>;
  readonly clockToleranceSeconds: number;
  readonly refreshWhenSecondsRemaining: number;
  readonly timeoutMs: number;
  /** Whether the forwarded host and scheme headers name the browser's origin. */
  readonly trustHost: boolean;
  readonly fetch: typeof fetch;
  readonly afterLoginPath: ((user: ServerUser) => string | undefined) | undefined;
  readonly defaultActiveOrgId: ((user: ServerUser) => string | undefined) | undefined;
}

/** A `ServerConfigurationError` whose message names the setting. */
export function configError(option: string, message: string): ServerConfigurationError {
  return new ServerConfigurationError(option, `${option}: ${message}`);
}

/** An absolute http(s) URL from a setting, or a config error naming it. */
function httpUrl(value: string, setting: string): URL {
  const url = typeof value === "string" ? parseUrl(value) : undefined;
  if (!url) throw configError(setting, `not an absolute URL: ${JSON.stringify(value)}`);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw configError(setting, `must be http(s), got ${url.protocol}`);
  }
  return url;
}

/** A non-negative number setting, or its default. */
function seconds(value: number | undefined, fallback: number, setting: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw configError(setting, "must be a number >= 0");
  return value;
}

/** A hook setting: a function, or undefined. */
function hook<T>(value: T | undefined, setting: string): T | undefined {
  if (value !== undefined && typeof value !== "function") throw configError(setting, "must be a function");
  return value;
}

/** Checks the options; throws `ServerConfigurationError` naming the first setting that cannot work. */
export function resolveServerConfig(options: ServerAuthOptions): ServerConfig {
  const authUrl = httpUrl(options.authUrl, "authUrl");
  const redirectUri = httpUrl(options.redirectUri, "redirectUri");
  if (typeof options.apiKey !== "string" || options.apiKey.trim() === "") {
    throw configError("apiKey", "the integration API key is required");
  }
  const verifierKey = options.verifierKey?.trim() || undefined;
  const keyProblem = verifierKey === undefined ? undefined : rsaPublicKeyProblem(verifierKey);
  if (keyProblem !== undefined) throw configError("verifierKey", keyProblem);
  const allowedOrigins = new Set(
    (options.allowedRedirectOrigins ?? []).map((origin) => httpUrl(origin, "allowedRedirectOrigins").origin),
  );
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== "function") throw configError("fetch", "no fetch in this runtime");
  const callbackPath = redirectUri.pathname;
  return {
    authOrigin: authUrl.origin,
    apiKey: options.apiKey.trim(),
    verifierKey,
    redirectUri: redirectUri.href,
    appOrigin: redirectUri.origin,
    routesPath: callbackPath.slice(0, callbackPath.lastIndexOf("/")),
    callbackPath,
    secureCookies: redirectUri.protocol === "https:",
    allowedOrigins,
    clockToleranceSeconds: seconds(options.clockToleranceSeconds, 5, "clockToleranceSeconds"),
    refreshWhenSecondsRemaining: seconds(options.refreshWhenSecondsRemaining, 60, "refreshWhenSecondsRemaining"),
    timeoutMs: seconds(options.timeoutMs, 10_000, "timeoutMs"),
    trustHost: options.trustHost === true,
    fetch: fetchImpl,
    afterLoginPath: hook(options.afterLoginPath, "afterLoginPath"),
    defaultActiveOrgId: hook(options.defaultActiveOrgId, "defaultActiveOrgId"),
  };
}

/** The environment variables, as the provider's own libraries name them. */
const ENV = {
  authUrl: ["NEXT_PUBLIC_AUTH_URL", "PROPELAUTH_AUTH_URL"],
  apiKey: ["PROPELAUTH_API_KEY"],
  verifierKey: ["PROPELAUTH_VERIFIER_KEY"],
  redirectUri: ["PROPELAUTH_REDIRECT_URI"],
} as const;

/**
 * The options from environment variables with the provider's names: `NEXT_PUBLIC_AUTH_URL` (or
 * `PROPELAUTH_AUTH_URL`), `PROPELAUTH_API_KEY`, `PROPELAUTH_VERIFIER_KEY` (optional; `\n` escapes allowed) and
 * `PROPELAUTH_REDIRECT_URI`. Throws `ServerConfigurationError` naming every missing variable (`option`: the first).
 */
export function serverAuthOptionsFromEnv(
  env: Record<string, string | undefined> = globalThis.process?.env ?? {},
): ServerAuthOptions {
  const read = (names: readonly string[]) => names.map((name) => env[name]?.trim()).find((value) => value);
  const [authUrl, apiKey, redirectUri] = [read(ENV.authUrl), read(ENV.apiKey), read(ENV.redirectUri)];
  if (authUrl === undefined || apiKey === undefined || redirectUri === undefined) {
    const missing = [
      ...(authUrl === undefined ? [`${ENV.authUrl[0]} (or ${ENV.authUrl[1]})`] : []),
      ...(apiKey === undefined ? [ENV.apiKey[0]] : []),
      ...(redirectUri === undefined ? [ENV.redirectUri[0]] : []),
    ];
    const first = missing[0]!.split(" ")[0]!;
    throw new ServerConfigurationError(first, `environment variables not set: ${missing.join(", ")}`);
  }
  const options: ServerAuthOptions = { authUrl, apiKey, redirectUri };
  const verifierKey = read(ENV.verifierKey);
  if (verifierKey !== undefined) options.verifierKey = verifierKey.replaceAll("\\n", "\n");
  return options;
}
