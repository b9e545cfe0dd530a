import type { RunningEmulator } from "./server.js";

/**
 * The backend settings to paste, as the start banner prints them: `@propelauth/node` configured to verify this
 * emulator's tokens offline (the provider's hosted backend API, which it would ask otherwise, cannot be emulated).
 */
export function backendSettingsText(emulator: Pick<RunningEmulator, "authUrl" | "tokenVerification">): string {
  const { verifierKey, issuer } = emulator.tokenVerification;
  return `  Your backend (@propelauth/node) — paste:
    initBaseAuth({
      authUrl: ${JSON.stringify(emulator.authUrl)},
      apiKey: "emulator", // any string: only token verification runs locally
      manualTokenVerificationMetadata: {
        verifierKey: ${JSON.stringify(verifierKey.trim())},
        issuer: ${JSON.stringify(issuer)},
      },
    });`;
}

/**
 * The server-side session settings to paste (an app's `.env`, with the names the provider's Next.js library reads):
 * the auth URL, the integration API key and the verifier key.
 */
export function serverSettingsText(
  emulator: Pick<RunningEmulator, "authUrl" | "tokenVerification" | "apiKey">,
): string {
  const pem = emulator.tokenVerification.verifierKey.trim().replace(/\n/g, "\\n");
  return `  Your app's server (.env) — paste:
    NEXT_PUBLIC_AUTH_URL=${emulator.authUrl}
    PROPELAUTH_API_KEY=${emulator.apiKey}
    PROPELAUTH_VERIFIER_KEY="${pem}"
    PROPELAUTH_REDIRECT_URI=http://localhost:3000/api/auth/callback   (your app's callback URL)`;
}
