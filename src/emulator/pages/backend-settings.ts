/** What an app's backend needs to verify this emulator's tokens offline. */
export interface TokenVerification {
  /** The auth URL the backend is given. */
  authUrl: string;
  /** The PEM public key tokens are signed with (public: it only verifies). */
  verifierKey: string;
  /** The tokens' `iss`. */
  issuer: string;
}

/**
 * The `@propelauth/node` setup that verifies this emulator's tokens offline, as code to paste (the provider's hosted
 * backend API, which the library would ask otherwise, cannot be emulated). Holds no secret.
 */
export function backendSettingsCode({ authUrl, verifierKey, issuer }: TokenVerification): string {
  return `initBaseAuth({
  authUrl: ${JSON.stringify(authUrl)},
  apiKey: "emulator", // any string: only token verification runs locally
  manualTokenVerificationMetadata: {
    verifierKey: ${JSON.stringify(verifierKey.trim())},
    issuer: ${JSON.stringify(issuer)},
  },
});`;
}
