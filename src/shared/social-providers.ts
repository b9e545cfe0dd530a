/** The social login providers the hosted pages offer: one list, shared by the client and the emulator. */

/** The 12 social login providers as the provider spells them (for labels); any of them is a `SocialLoginProvider`. */
export const SOCIAL_LOGIN_PROVIDER_NAMES = /* @__PURE__ */ Object.freeze([
  "Google",
  "Github",
  "Microsoft",
  "Slack",
  "Salesforce",
  "Linkedin",
  "Outreach",
  "Quickbooks",
  "Xero",
  "Salesloft",
  "Atlassian",
  "Apple",
] as const);

/** The 12 social login providers as the provider spells them. */
export type SocialLoginProviderName = (typeof SOCIAL_LOGIN_PROVIDER_NAMES)[number];

/** A social login provider: its name as the provider spells it ("Github") or as its path has it ("github"). */
export type SocialLoginProvider = SocialLoginProviderName | Lowercase<SocialLoginProviderName>;

/** The 12 social login providers in lowercase, each served at `{authUrl}/{provider}/login`. */
export const SOCIAL_LOGIN_PROVIDERS: readonly Lowercase<SocialLoginProviderName>[] = /* @__PURE__ */ Object.freeze(
  /* @__PURE__ */ SOCIAL_LOGIN_PROVIDER_NAMES.map((name) => name.toLowerCase() as Lowercase<SocialLoginProviderName>),
);
