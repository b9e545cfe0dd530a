/**
 * The server session this app runs with: made once, on first use, from the environment with the provider's names
 * (NEXT_PUBLIC_AUTH_URL, PROPELAUTH_API_KEY, PROPELAUTH_VERIFIER_KEY, PROPELAUTH_REDIRECT_URI), or from the options
 * an app passes to `configureServerAuth` first. A configuration that cannot work is logged once, naming every
 * missing variable, and every later use throws the same error without logging again.
 */
import {
  createServerAuth,
  type ServerAuth,
  type ServerAuthOptions,
  serverAuthOptionsFromEnv,
} from "../server/index.js";
import { environment } from "./orgauth-config.js";

let configured: ServerAuth | undefined;
let configuredOptions: ServerAuthOptions | undefined;
let failed: unknown;

/**
 * Sets the options every helper of `orgauth/nextjs` uses, instead of the environment (call it before the first
 * request, e.g. in the module that exports the middleware); returns the server session it made.
 * @deprecated Use `createOrgauth(config)`: one object with the handlers, middleware and helpers of that config.
 */
export function configureServerAuth(options: ServerAuthOptions): ServerAuth {
  configured = createServerAuth(options);
  configuredOptions = options;
  failed = undefined;
  return configured;
}

/**
 * The server session of this app: the configured one, else one made from the environment on first use.
 * @deprecated Use `createOrgauth(config).serverAuth`.
 */
export function getServerAuth(): ServerAuth {
  if (configured) return configured;
  if (failed !== undefined) throw failed;
  try {
    const options = serverAuthOptionsFromEnv(environment());
    configured = createServerAuth(options);
    configuredOptions = options;
  } catch (error) {
    failed = error;
    console.error(`orgauth: the server session cannot start: ${error instanceof Error ? error.message : error}`);
    throw error;
  }
  return configured;
}

/** The options the server session was made with (makes the session first if needed). */
export function getServerOptions(): ServerAuthOptions {
  getServerAuth();
  return configuredOptions!;
}
