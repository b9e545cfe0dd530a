/**
 * Real headless Chromium: a tab opened while a sibling tab holds a fresh session takes it from the sibling (no
 * request); a sibling's expired token is never taken; tabs opened one after another send one refresh between
 * them. Counts of requests, never timings.
 *
 * The hand-off tests give a new tab a long sibling-answer window (`?answer=`): a live sibling's answer message ends
 * the wait, so the count depends on the hand-off working, not on whether a loaded machine's background tabs answer
 * within the default 30 ms (a silent sibling's timeout is tested in fake time, test/unit/session/first-refresh.test.ts).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectChromium } from "../support/shared-chromium.js";
import { startTabsServer, type TabsServer } from "../support/tabs-server.js";

let server: TabsServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  server = await startTabsServer(1800);
  browser = await connectChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(async () => {
  server.refreshTimes.length = 0;
  server.lifetimeSeconds = 1800;
  context = await browser.newContext();
});
afterEach(async () => {
  await context.close();
});

interface TabPage {
  authStatus: string;
  authClient: { getSnapshot(): { authInfo?: { accessToken: string } } };
}

/** Opens a tab of the app (query: the client's timing) and waits until it renders "logged in". */
async function openTab(query = ""): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/app${query}`);
  await page.waitForFunction(() => (window as unknown as TabPage).authStatus === "logged_in");
  return page;
}

/** Siblings are live and answer: the wait ends on their answer, the window only bounds a sibling that is gone. */
const WAIT_FOR_SIBLINGS = "?answer=120000";

const tokenOf = (page: Page) =>
  page.evaluate(() => (window as unknown as TabPage).authClient.getSnapshot().authInfo?.accessToken);

describe("a new tab and its sibling tabs in headless Chromium", () => {
  it("a second tab renders logged in with no refresh request: it takes the first tab's session", async () => {
    const first = await openTab(WAIT_FOR_SIBLINGS);
    expect(server.refreshTimes).toHaveLength(1);
    const second = await openTab(WAIT_FOR_SIBLINGS);
    expect(server.refreshTimes).toHaveLength(1);
    expect(await tokenOf(second)).toBe(await tokenOf(first));
    const stored = await second.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(await tokenOf(first));
  });

  it("5 tabs opened one after another send one refresh between them", async () => {
    for (let i = 0; i < 5; i++) await openTab(WAIT_FOR_SIBLINGS);
    expect(server.refreshTimes).toHaveLength(1);
  });

  it("a sibling's expired token is not taken: the new tab refreshes itself", async () => {
    server.lifetimeSeconds = 2;
    // no background check and no renewal margin: the first tab keeps its token until it has expired
    const first = await openTab("?tick=600000&threshold=0");
    const expired = await tokenOf(first);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    server.lifetimeSeconds = 1800;
    const second = await openTab("?tick=600000&threshold=0");
    expect(server.refreshTimes).toHaveLength(2);
    expect(await tokenOf(second)).not.toBe(expired);
    expect(await tokenOf(first)).toBe(await tokenOf(second)); // the first tab takes the new one in turn
  });
});
