/**
 * The configuration of `createOrgauth`: the server session's options, each one defaulting to the environment with
 * the provider's names (`NEXT_PUBLIC_AUTH_URL`, `PROPELAUTH_API_KEY`, `PROPELAUTH_VERIFIER_KEY`,
 * `PROPELAUTH_REDIRECT_URI`), plus where the auth routes live. Resolved on first use, not at import: a build that
 * imports the app's `orgauth` module needs no environment.
 */
import {
  createServerAuth,
  type ServerAuth,
  type ServerAuthOptions,
  ServerConfigurationError,
  serverAuthOptionsFromEnv,
} from "../server/index.js";
import { parseUrl } from "../shared/parse-url.js";

/** The settings the environment may supply. */
type FromEnvironment = "authUrl" | "apiKey" | "verifierKey" | "redirectUri";

/** `createOrgauth`'s configuration: every setting of the server session, the four above optional (environment). */
export interface OrgauthConfig
  extends Partial<Pick<ServerAuthOptions, FromEnvironment>>,
    Omit<ServerAuthOptions, FromEnvironment> {
  /**
   * The folder of the auth routes, e.g. `/auth` for `app/auth/[slug]/route.ts`. Default: the redirect URI's folder
   * (`/api/auth` for `…/api/auth/callback`). When set, the redirect URI's path must be `{basePath}/callback`.
   */
  basePath?: string;
  /** Where the backend client sends its calls (`createBackendClient`'s `backendUrl`). */
  backendUrl?: string;
}

/** The configuration resolved: the server session, its options, and the folder of the auth routes. */
interface ResolvedOrgauth {
  auth: ServerAuth;
  options: ServerAuthOptions;
  /** The auth routes' folder, without a trailing slash (`/auth`). */
  basePath: string;
}

/**
 * The environment, with `process.env.NEXT_PUBLIC_AUTH_URL` written out in full: Next.js inlines a `NEXT_PUBLIC_`
 * variable's build-time value only where the code names it so, and an app moving from `@propelauth/nextjs` often
 * sets it at build time only.
 */
export function environment(): Record<string, string | undefined> {
  const authUrl = process.env.NEXT_PUBLIC_AUTH_URL;
  return authUrl === undefined ? process.env : { ...process.env, NEXT_PUBLIC_AUTH_URL: authUrl };
}

/** The config's own settings, without the ones left undefined. */
function defined(config: OrgauthConfig): Partial<ServerAuthOptions> {
  const { basePath: _basePath, backendUrl: _backendUrl, ...options } = config;
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

/** The server session's options: the config's settings over the environment's. */
function serverOptions(config: OrgauthConfig, env: Record<string, string | undefined>): ServerAuthOptions {
  const own = defined(config);
  // the config's values stand in for the variables, so an error names only what neither supplies
  const merged = {
    ...env,
    ...(own.authUrl !== undefined && { NEXT_PUBLIC_AUTH_URL: own.authUrl }),
    ...(own.apiKey !== undefined && { PROPELAUTH_API_KEY: own.apiKey }),
    ...(own.redirectUri !== undefined && { PROPELAUTH_REDIRECT_URI: own.redirectUri }),
  };
  return { ...serverAuthOptionsFromEnv(merged), ...own };
}

/** The folder of the auth routes, checked against the redirect URI. */
function routesFolder(config: OrgauthConfig, redirectUri: string): string {
  const callbackPath = parseUrl(redirectUri)?.pathname ?? "";
  const folder = callbackPath.slice(0, callbackPath.lastIndexOf("/"));
  if (config.basePath === undefined) return folder;
  const basePath = config.basePath.replace(/\/+$/, "");
  if (!/^\/[^?#\s]*$/.test(basePath) || basePath.startsWith("//")) {
    throw new ServerConfigurationError(
      "basePath",
      `basePath: a path such as "/auth", got ${JSON.stringify(config.basePath)}`,
    );
  }
  if (callbackPath !== `${basePath}/callback`) {
    const message = `basePath: the redirect URI ${redirectUri} must end in ${basePath}/callback (the routes are under ${basePath})`;
    throw new ServerConfigurationError("basePath", message);
  }
  return basePath;
}

/** Resolves the configuration (the environment read now); throws `ServerConfigurationError` for one that cannot work. */
function resolveOrgauth(config: OrgauthConfig, env = environment()): ResolvedOrgauth {
  const options = serverOptions(config, env);
  const auth = createServerAuth(options);
  return { auth, options, basePath: routesFolder(config, options.redirectUri) };
}

/**
 * The configuration resolved once, on first use. A configuration that cannot work is logged once (naming every
 * missing variable) and every later use throws the same error.
 */
export function lazyOrgauth(config: OrgauthConfig): () => ResolvedOrgauth {
  let resolved: ResolvedOrgauth | undefined;
  let failed: unknown;
  return () => {
    if (resolved) return resolved;
    if (failed !== undefined) throw failed;
    try {
      resolved = resolveOrgauth(config);
    } catch (error) {
      failed = error;
      console.error(`orgauth: the server session cannot start: ${error instanceof Error ? error.message : error}`);
      throw error;
    }
    return resolved;
  };
}
