/** The social login providers whose `/{provider}/login` routes the emulator stands in for. */
export const SOCIAL_PROVIDERS: readonly string[] = ["google", "github", "microsoft", "slack", "salesforce", "linkedin", "outreach", "quickbooks", "xero", "salesloft", "atlassian", "apple"];
