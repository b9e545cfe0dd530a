/**
 * The app's orgauth, from one configuration: the auth routes under /auth (the redirect URI is
 * `{origin}/auth/callback`), a login started without a return path landing on the dashboard. The auth URL, the API keys and the
 * redirect URI come from the environment (`NEXT_PUBLIC_AUTH_URL`, `PROPELAUTH_API_KEY`, `PROPELAUTH_VERIFIER_KEY`,
 * `PROPELAUTH_REDIRECT_URI`) at request time, so one build runs anywhere.
 */
import { createOrgauth } from "orgauth/nextjs";

export const orgauth = createOrgauth({
  basePath: "/auth", // app/auth/[slug]/route.ts; the browser half learns it through clientProps (app/layout.tsx)
  // a login started without a return path lands on the dashboard
  afterLoginPath: () => "/app/dashboard",
});
