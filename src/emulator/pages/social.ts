import { SOCIAL_LOGIN_PROVIDERS } from "../../shared/social-providers.js";

/** The social login providers whose `/{provider}/login` routes the emulator stands in for (the client's own list). */
export const SOCIAL_PROVIDERS: readonly string[] = SOCIAL_LOGIN_PROVIDERS;
