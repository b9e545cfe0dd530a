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
 * backend API, which the library would ask otherwise, cannot be emulated). With `apiKey` (the start banner's), the
 * real integration API key, which the backend API also takes; without it (the home page, which shows no secret), a
 * placeholder saying where the key is.
 */
export function backendSettingsCode({
  authUrl,
  verifierKey,
  issuer,
  apiKey,
}: TokenVerification & { apiKey?: string }): string {
  const key =
    apiKey === undefined
      ? `"emu_…", // the integration API key the terminal printed (PROPELAUTH_API_KEY)`
      : `${JSON.stringify(apiKey)}, // the integration API key (PROPELAUTH_API_KEY)`;
  return `initBaseAuth({
  authUrl: ${JSON.stringify(authUrl)},
  apiKey: ${key}
  manualTokenVerificationMetadata: {
    verifierKey: ${JSON.stringify(verifierKey.trim())},
    issuer: ${JSON.stringify(issuer)},
  },
});`;
}
