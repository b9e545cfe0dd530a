/**
 * What a signed-in page view costs the auth host, counted by the emulator itself (its request log, every request it
 * received): the example (Next.js 15) on the emulator with access tokens that outlive the test and strict rotation.
 * Pages loaded and hydrated while the access token is valid make no refresh call (the userinfo route after
 * hydration reads the session and the user's details, it renews nothing), and a tab closed during any call of a page
 * load (the document, the userinfo route) leaves the session's refresh token working.
 */
import type { BrowserContext, Request as BrowserRequest } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { chromiumForFile } from "./hosted-login.js";
import { nextPages } from "./next-pages.js";

const appUrl = inject("next").emulatorOnLocalhost;
const emulatorUrl = inject("reverseEmulatorUrl");
const secret = inject("reverseEmulatorSecret");
const browser = chromiumForFile();
const { freshPage, signIn, serverHtml } = nextPages(browser, appUrl, emulatorUrl);

/** The requests the emulator answered after the one numbered `after` (its request log). */
async function emulatorRequests(after = 0): Promise<{ id: number; method: string; path: string }[]> {
  const response = await fetch(`${emulatorUrl}/__emulator/requests?after=${after}`, {
    headers: { "x-emulator-secret": secret },
  });
  return ((await response.json()) as { requests: { id: number; method: string; path: string }[] }).requests;
}
const lastRequestId = async () => (await emulatorRequests()).at(-1)?.id ?? 0;
const isRefresh = (path: string) => /refresh/.test(path);
const userinfoUrl = `${appUrl}/auth/userinfo`;
/** How long a tab waits for the request it is to close on (a loaded machine takes seconds to load a page). */
const REQUEST_WAIT_MS = 60_000;

/** Asks the server to refresh with the browser's refresh token (an org switch always does): 200 while it is alive. */
async function refreshTokenWorks(context: BrowserContext): Promise<number> {
  const session = (await (await context.request.get(userinfoUrl)).json()) as {
    orgIdToOrgMembership: Record<string, unknown>;
  };
  const orgId = Object.keys(session.orgIdToOrgMembership)[0] ?? "";
  const url = `${appUrl}/auth/set-active-org?active_org_id=${encodeURIComponent(orgId)}`;
  return (await context.request.post(url, { headers: { origin: appUrl } })).status();
}

describe("signed-in page views while the access token is valid", () => {
  it("load and hydrate with no refresh call: the emulator receives at most the user's details fetch", async () => {
    const { context, page, consoleErrors } = await freshPage();
    await signIn(page, "/app/admin");
    const since = await lastRequestId();
    for (const path of ["/", "/app/admin", "/app/team", "/", "/app/admin", "/"]) {
      const asked = page.waitForResponse(userinfoUrl);
      await page.goto(`${appUrl}${path}`);
      expect((await asked).status()).toBe(200); // hydrated and asked for the session
    }
    // every request the emulator received meanwhile: no refresh; the details fetch at most (remembered for 30 s, so
    // usually none after the sign-in's own)
    const received = (await emulatorRequests(since)).map(({ method, path }) => `${method} ${path}`);
    expect(received.filter(isRefresh)).toEqual([]);
    expect(received.filter((line) => !/^GET \/api\/backend\/v1\/user\/[^/]+$/.test(line))).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("a tab closed during any call of a page load loses no session", async () => {
    const { context, page } = await freshPage();
    await signIn(page, "/app/admin");
    await page.close();
    const since = await lastRequestId();
    /**
     * Opens `path` in a new tab and closes the tab as soon as it sends `what`, the request `matches` picks; fails
     * naming it when it has not come within a minute.
     */
    const closeOn = async (path: string, what: string, matches: (request: BrowserRequest) => boolean) => {
      const tab = await context.newPage();
      let timer: NodeJS.Timeout | undefined;
      const closed = new Promise<void>((resolve, reject) => {
        tab.on("request", (request) => {
          if (matches(request)) void tab.close().then(resolve);
        });
        timer = setTimeout(
          () => reject(new Error(`${what} of ${path} never came (waited ${REQUEST_WAIT_MS} ms)`)),
          REQUEST_WAIT_MS,
        );
      });
      void tab.goto(`${appUrl}${path}`).catch(() => undefined);
      await closed.finally(() => clearTimeout(timer));
    };
    for (const path of ["/", "/app/admin", "/app/team"]) {
      await closeOn(path, "the document request", (request) => request.isNavigationRequest());
      await closeOn(path, "the userinfo request (GET /auth/userinfo)", (request) => request.url() === userinfoUrl);
    }
    // the calls the closed tabs left end on the server (the reuse window is 0: a traded refresh token is refused at once)
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await emulatorRequests(since)).filter(({ path }) => isRefresh(path))).toEqual([]);
    expect(await refreshTokenWorks(context)).toBe(200);
    expect(await serverHtml(context, "/app/admin")).toContain("You may invite people to");
    await context.close();
  });
});
