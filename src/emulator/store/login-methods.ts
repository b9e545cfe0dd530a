import { SOCIAL_LOGIN_PROVIDER_NAMES } from "../../shared/social-providers.js";

/** How a session logged in, as the provider's tokens carry it in `login_method`. */
export type LoginMethod =
  | { login_method: "password" | "magic_link" | "email_confirmation_link" | "generated_from_backend_api" }
  | { login_method: "social_sso"; provider: string }
  | { login_method: "saml_sso"; provider: string; org_id: string };

/** Where the provider's backend library spells a social provider otherwise than its hosted pages' labels. */
const BACKEND_SPELLING: Record<string, string> = {
  github: "GitHub",
  linkedin: "LinkedIn",
  quickbooks: "QuickBooks Online",
};

/** The login method of a social sign-in through `/{path}/login`, with the provider named as the backend reads it. */
export function socialLoginMethod(path: string): LoginMethod {
  const label = SOCIAL_LOGIN_PROVIDER_NAMES.find((name) => name.toLowerCase() === path) ?? path;
  return {
    login_method: "social_sso",
    provider: Object.hasOwn(BACKEND_SPELLING, path) ? BACKEND_SPELLING[path]! : label,
  };
}

/** The login method of an org's single sign-on (the emulator stands in for a generic SAML identity provider). */
export const samlLoginMethod = (orgId: string): LoginMethod => ({
  login_method: "saml_sso",
  provider: "Generic",
  org_id: orgId,
});
