import { backendSettingsCode } from "./pages/backend-settings.js";
import type { RunningEmulator } from "./server.js";

/** What the start banner tells beside the running emulator: how it was started. */
export interface BannerFacts {
  host: string;
  publicUrl: string | undefined;
  /** The demo's password when the demo seed was loaded. */
  demoPassword: string | undefined;
  allowedOrigins: string[] | undefined;
  storage: string;
  quiet: boolean;
  version: string;
}

/**
 * The backend settings to paste, as the start banner prints them: `@propelauth/node` configured to verify this
 * emulator's tokens offline (the provider's hosted backend API, which it would ask otherwise, cannot be emulated).
 */
function backendSettingsText(emulator: Pick<RunningEmulator, "authUrl" | "tokenVerification" | "apiKey">): string {
  const code = backendSettingsCode({
    authUrl: emulator.authUrl,
    ...emulator.tokenVerification,
    apiKey: emulator.apiKey,
  });
  return `  Your backend (@propelauth/node) — paste:\n${code.replace(/^/gm, "    ")}`;
}

/**
 * The server's settings to paste (an app's `.env`): the auth URL, the integration API key, the verifier key and the
 * callback, with the names the provider's Next.js library reads, which `orgauth/server` (`serverAuthOptionsFromEnv`),
 * `orgauth/nextjs` and the docs' backend samples read too: one set of names everywhere.
 */
function serverSettingsText(emulator: Pick<RunningEmulator, "authUrl" | "tokenVerification" | "apiKey">): string {
  const pem = emulator.tokenVerification.verifierKey.trim().replace(/\n/g, "\\n");
  // the app on the auth URL's own loopback host name: a callback on another one loses the login's cookie
  const { hostname } = new URL(emulator.authUrl);
  const appHost = ["127.0.0.1", "localhost", "[::1]"].includes(hostname) ? hostname : "localhost";
  return `  Your app's server (.env) — paste:
    NEXT_PUBLIC_AUTH_URL=${emulator.authUrl}
    PROPELAUTH_API_KEY=${emulator.apiKey}
    PROPELAUTH_VERIFIER_KEY="${pem}"
    PROPELAUTH_REDIRECT_URI=http://${appHost}:3000/api/auth/callback   (your app's callback URL, on this host name)`;
}

/** The start banner: where everything is, the secrets, the settings to paste, and how to stop. */
export function startBanner(emulator: RunningEmulator, facts: BannerFacts): string {
  const { authUrl } = emulator;
  const localhostHint =
    facts.host === "127.0.0.1" && !facts.publicUrl
      ? `   (app on localhost? use ${authUrl.replace("127.0.0.1", "localhost")}: cookies are per host name)`
      : "";
  return `
  ┌──────────────────────────────────────────────────────────────────────┐
  │  orgauth emulator — a local stand-in for the auth provider.          │
  │  NOT FOR PRODUCTION: demo passwords, a development admin API.        │
  └──────────────────────────────────────────────────────────────────────┘
  Version    ${facts.version}
  Auth URL   ${authUrl}${localhostHint}
  Home       ${emulator.url}/   (links to everything below) · health: ${emulator.url}/health
  Log in     ${authUrl}/login${facts.demoPassword ? `   (ada@acme.example / ${facts.demoPassword})` : ""}
  Outbox     ${authUrl}/outbox
  Keys       ${authUrl}/.well-known/verifier-key.pem · ${authUrl}/.well-known/jwks.json
  API key    ${emulator.apiKey}   (integration key for an app's server; --api-key or ORGAUTH_EMULATOR_API_KEY sets it)
  Admin UI   ${emulator.adminUiUrl}
             (users, orgs, outbox, settings, live requests, export, reset; the address carries the admin secret)
  Admin API  ${emulator.url}/__emulator/… with x-emulator-secret: ${emulator.secret}   (--admin-secret or ORGAUTH_EMULATOR_SECRET fixes it)
  Origins    ${facts.allowedOrigins?.join(" ") ?? "any loopback port (http(s)://localhost, 127.0.0.1, [::1]); --allowed-origin narrows it"}
  Storage    ${facts.storage}

${backendSettingsText(emulator)}

${serverSettingsText(emulator)}
${facts.quiet ? "" : "Requests are logged below (--quiet turns that off). "}Press Ctrl-C to stop.`;
}
