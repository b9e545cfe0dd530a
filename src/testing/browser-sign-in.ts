/**
 * A seeded user signed in in an end-to-end suite's browser, without clicking through the hosted login (as Clerk's
 * `@clerk/testing` does for Clerk): the emulator mints the session on its admin API (`POST /__emulator/sign-in`, behind
 * its admin secret) and the cookies go straight into the browser context.
 */
import { BrowserSignInError } from "./testing-errors.js";

/** A cookie as Playwright's `BrowserContext.addCookies` takes it. */
export interface BrowserCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  /** Unix time in seconds. */
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Lax";
}

/** A browser context that takes cookies: Playwright's `BrowserContext`, or anything with its `addCookies`. */
export interface CookieTakingContext {
  addCookies(cookies: BrowserCookie[]): Promise<void>;
}

/** Who to sign in, where. */
export interface SignInBrowserOptions {
  /** The emulator's URL (where its admin API answers). */
  emulatorUrl: string;
  /** The emulator's admin secret: `emulator.secret`, or the one `orgauth-emulator` prints. */
  adminSecret: string;
  /** The seeded user, by e-mail or by id. */
  user: { email: string } | { userId: string };
  /**
   * An app that keeps the session on its own server (orgauth/nextjs): its URL, base path and all. Its session cookies
   * are set too (`Secure` on https; for the whole host, as the app's callback sets them).
   */
  appUrl?: string;
  /** The org to start the app's session in (its active org). */
  orgId?: string;
}

/** What the emulator answered. */
interface SignInAnswer {
  user_id?: string;
  cookies?: BrowserCookie[];
  error_code?: string;
  user_facing_error?: string;
}

/**
 * Signs a seeded user in in `context` through the emulator: the emulator's own session cookie (what a single-page
 * app's client refreshes from), and with `appUrl` the app's session cookies too. The next page the context opens is
 * signed in. Rejects with a `BrowserSignInError` carrying the emulator's reason (an unknown user, a wrong secret, an org
 * the user is not in) or, when it did not answer, the fetch's error as `cause`.
 */
export async function signInBrowser(
  context: CookieTakingContext,
  options: SignInBrowserOptions,
): Promise<{ userId: string }> {
  const who = "email" in options.user ? { email: options.user.email } : { user_id: options.user.userId };
  const response = await fetch(new URL("/__emulator/sign-in", options.emulatorUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json", "x-emulator-secret": options.adminSecret },
    body: JSON.stringify({
      ...who,
      ...(options.appUrl !== undefined && { app_url: options.appUrl }),
      ...(options.orgId !== undefined && { org_id: options.orgId }),
    }),
  }).catch((error: unknown) => {
    const message = `signInBrowser: the emulator at ${options.emulatorUrl} did not answer`;
    throw new BrowserSignInError(message, undefined, undefined, { cause: error });
  });
  let unreadable: unknown;
  const answer = (await response.json().catch((error: unknown) => {
    unreadable = error;
    return {};
  })) as SignInAnswer;
  if (!response.ok || answer.user_id === undefined || answer.cookies === undefined) {
    const reason = `${response.status} ${answer.error_code ?? ""}: ${answer.user_facing_error ?? response.statusText}`;
    // an answer that is not JSON (a proxy's page) keeps the parser's error
    const message = `signInBrowser: the emulator did not sign the user in (${reason})`;
    throw new BrowserSignInError(message, response.status, answer.error_code, { cause: unreadable });
  }
  await context.addCookies(answer.cookies);
  return { userId: answer.user_id };
}
