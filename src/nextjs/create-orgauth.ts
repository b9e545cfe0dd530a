/**
 * `createOrgauth(config)`: everything `orgauth/nextjs` offers, from one configuration — the auth routes' handlers,
 * the middleware (with protected paths), `getUser`, `getUserOrRedirect`, `protect` and the backend client. Nothing
 * is read or checked at import: the configuration is resolved (the environment filling what it leaves out) on
 * first use, so one build runs anywhere.
 */
import { createBackendClient, type BackendClient, type ServerAuth, type ServerUser } from "../server/index.js";
import type { ClientSessionProps } from "./client-user.js";
import { createSessionReaders, type SessionReaders } from "./get-user.js";
import {
  authRoutesPlace,
  createMiddleware,
  type OrgauthMiddleware,
  type OrgauthMiddlewareOptions,
} from "./middleware.js";
import { lazyOrgauth, type OrgauthConfig } from "./orgauth-config.js";
import { createProtect, type ProtectHelpers } from "./protect.js";
import { type AuthRouteHandlers, createRouteHandlers } from "./route-handlers.js";
import { toClientUser } from "./to-client-user.js";

/** One app's orgauth: what `createOrgauth` returns. */
export interface Orgauth extends Omit<SessionReaders, "redirectToLogin">, ProtectHelpers {
  /** The auth routes' file (`app/{basePath}/[slug]/route.ts`): `export const { GET, POST } = orgauth.handlers;`. */
  readonly handlers: AuthRouteHandlers;
  /** The middleware for `middleware.ts` (Next.js 15) or `proxy.ts` (Next.js 16), with protected paths and a callback. */
  middleware(options?: OrgauthMiddlewareOptions): OrgauthMiddleware;
  /** The provider's backend API with this app's auth URL and integration API key (made on first use). */
  readonly backend: BackendClient;
  /** The server session underneath (`orgauth/server`), for what the helpers above do not cover. */
  readonly serverAuth: ServerAuth;
  /** The folder of the auth routes (`/auth`, or the redirect URI's folder by default). */
  readonly basePath: string;
  /**
   * The props of `<AuthProvider>` for the root layout: the user as plain data, the auth URL and the auth routes'
   * folder, from this configuration (`<AuthProvider {...orgauth.clientProps(await orgauth.getUser())}>`).
   */
  clientProps(user: ServerUser | undefined | null): ClientSessionProps;
}

/**
 * Creates the app's orgauth from one configuration (every setting optional where the environment has it:
 * `NEXT_PUBLIC_AUTH_URL`, `PROPELAUTH_API_KEY`, `PROPELAUTH_VERIFIER_KEY`, `PROPELAUTH_REDIRECT_URI`). A setting
 * that cannot work throws `ServerConfigurationError` on first use, naming it.
 */
export function createOrgauth(config: OrgauthConfig = {}): Orgauth {
  const resolve = lazyOrgauth(config);
  const auth = () => resolve().auth;
  const basePath = () => resolve().basePath;
  const routesPlace = () => authRoutesPlace(resolve().options, basePath());
  const readers = createSessionReaders(auth, basePath);
  let backend: BackendClient | undefined;
  return {
    getUser: readers.getUser,
    getUserOrRedirect: readers.getUserOrRedirect,
    ...createProtect(auth, readers),
    handlers: createRouteHandlers(auth),
    middleware: (options) => createMiddleware(auth, routesPlace, options),
    get backend() {
      const { options } = resolve();
      backend ??= createBackendClient({
        authUrl: options.authUrl,
        apiKey: options.apiKey,
        ...(config.backendUrl !== undefined && { backendUrl: config.backendUrl }),
        ...(options.fetch !== undefined && { fetch: options.fetch }),
        ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
      });
      return backend;
    },
    get serverAuth() {
      return auth();
    },
    get basePath() {
      return basePath();
    },
    clientProps: (user) => ({
      user: toClientUser(user),
      authUrl: resolve().options.authUrl,
      authRoutes: basePath(),
    }),
  };
}
