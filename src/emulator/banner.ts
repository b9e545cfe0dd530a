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
