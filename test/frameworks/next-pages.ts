/** Browser pages on a Next.js example with the server session: fresh profiles, signing in, the server's HTML. */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { signInOnServerLogin } from "./hosted-login.js";
import { OWNER } from "./seed.js";

/** A browser profile with one page, and the errors its console and responses showed. */
export interface FreshPage {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
}

/** The helpers for one app (`appUrl`) whose auth URL is `emulatorUrl`. */
export function nextPages(browser: () => Browser, appUrl: string, emulatorUrl: string) {
  return {
    /** A fresh browser profile (no session) with one page, whose console errors (hydration warnings among them) are kept. */
    async freshPage(): Promise<FreshPage> {
      const context = await browser().newContext();
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      // a failed load is kept by its response below, with its URL (the browser's own favicon request has none: the
      // emulator's pages have no favicon)
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
          consoleErrors.push(message.text());
        }
      });
      page.on("response", (response) => {
        if (response.status() >= 400) consoleErrors.push(`${response.status()} ${response.url()}`);
      });
      page.on("pageerror", (error) => consoleErrors.push(error.message));
      return { context, page, consoleErrors };
    },

    /** Opens `path`, which sends a signed-out visitor through the login route; signs in as `email` and comes back. */
    async signIn(page: Page, path: string, email = OWNER): Promise<void> {
      await page.goto(`${appUrl}${path}`);
      await signInOnServerLogin(page, emulatorUrl, email);
      await page.waitForURL(`${appUrl}${path}`);
    },

    /** The HTML the server sends for `path` with the browser profile's cookies (no JavaScript runs). */
    async serverHtml(context: BrowserContext, path: string): Promise<string> {
      return (await context.request.get(`${appUrl}${path}`)).text();
    },
  };
}
