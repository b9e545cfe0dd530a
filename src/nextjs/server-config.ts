/**
 * The server session this app runs with: made once, on first use, from the environment with the provider's names
 * (NEXT_PUBLIC_AUTH_URL, PROPELAUTH_API_KEY, PROPELAUTH_VERIFIER_KEY, PROPELAUTH_REDIRECT_URI), or from the options
 * an app passes to `configureServerAuth` first.
 */
import {
  createServerAuth,
  serverAuthOptionsFromEnv,
  type ServerAuth,
  type ServerAuthOptions,
} from "../server/index.js";

let configured: ServerAuth | undefined;

/**
 * Sets the options every helper of `orgauth/nextjs` uses, instead of the environment (call it before the first
 * request, e.g. in the module that exports the middleware); returns the server session it made.
 */
export function configureServerAuth(options: ServerAuthOptions): ServerAuth {
  configured = createServerAuth(options);
  return configured;
}

/** The server session of this app: the configured one, else one made from the environment on first use. */
export function getServerAuth(): ServerAuth {
  configured ??= createServerAuth(serverAuthOptionsFromEnv(process.env));
  return configured;
}
