/**
 * examples/nextjs (App Router, configured through `createOrgauth` with its routes under /auth and /app/* protected by
 * the middleware's matcher) on the server session, built from the packed package and served by `next start`, in
 * headless Chromium against the emulator: a signed-in page's first HTML is signed in, an org permission guards a
 * server component, a route handler and a server action, a server action and a route handler read the session, the session renews across an access-token
 * expiry with no loading state, the org switch reaches the server, and a sign-out ends the session at the auth host.
 */
import { describe, expect, inject, it } from "vitest";
import { createApiKey, createTransport, deleteApiKey, login, refreshToken } from "../../src/index.js";
import { createCookieFetch, signInBrowser } from "../../src/testing/index.js";
import { chromiumForFile, signInOnServerLogin } from "./hosted-login.js";
import { nextPages } from "./next-pages.js";
import { ACCESS_TOKEN_SECONDS, MEMBER, ORG, OWNER, PASSWORD, SECOND_ORG } from "./seed.js";

const appUrl = inject("next").main;
const emulatorUrl = inject("serverSessionEmulatorUrl");
const browser = chromiumForFile();

const { freshPage, signIn, serverHtml } = nextPages(browser, appUrl, emulatorUrl);

describe("the Next.js example on the server session", () => {
  it("renders a signed-out visitor as signed out on the server: no loading state", async () => {
    const html = await (await fetch(`${appUrl}/`)).text();
    expect(html).toContain("The server sees no session.");
    expect(html).toContain("Signed out.");
    expect(html).not.toContain("Loading");
  });

  it("signs in through the server flow; the first HTML of a signed-in page holds the e-mail and the org, and hydrates cleanly", async () => {
    const { context, page, consoleErrors } = await freshPage();
    await page.goto(`${appUrl}/app/dashboard`);
    // the server sent the visitor to this app's login route, which sent it to the auth host
    await signInOnServerLogin(page, emulatorUrl, OWNER);
    await page.waitForURL(`${appUrl}/app/dashboard`);
    const html = await serverHtml(context, "/app/dashboard");
    expect(html).toContain(`${OWNER}<!-- --> in <!-- -->${ORG.name}`);
    expect(html).toContain(`data-testid="email">${OWNER}`); // the client component too: no loading fallback
    expect(html).not.toContain("Loading…");
    // the generated hook (the auth host's front-end API, same site), the route handler and the server action
    await expect.poll(() => page.getByTestId("member-count").textContent()).toBe("2 members");
    await expect
      .poll(() => page.getByTestId("from-server").textContent())
      .toBe(`The server sees ${OWNER} in ${ORG.name}, ${SECOND_ORG.name}`);
    await page.getByRole("button", { name: "Greet me on the server" }).click();
    await expect.poll(() => page.getByTestId("greeting").textContent()).toBe(`A server action greets ${OWNER}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("a permission in the active org guards a server component, a route handler and a server action", async () => {
    const owner = await freshPage();
    await signIn(owner.page, "/app/admin");
    expect(await serverHtml(owner.context, "/app/admin")).toContain(`You may invite people to <!-- -->${ORG.name}`);
    await owner.page.getByRole("button", { name: "Invite someone" }).click();
    await expect.poll(() => owner.page.getByTestId("invite-result").textContent()).toBe(`Invited by ${OWNER}`);
    const invited = await owner.context.request.post(`${appUrl}/api/invitations`);
    expect(await invited.json()).toEqual({ invitedBy: OWNER, orgName: ORG.name });
    expect((await owner.context.request.get(`${appUrl}/app/team`)).status()).toBe(200);
    await owner.context.close();
    const member = await freshPage();
    await signIn(member.page, "/app/admin", MEMBER);
    expect(await serverHtml(member.context, "/app/admin")).toContain(
      `You may not invite people to <!-- -->${ORG.name}`,
    );
    await member.page.getByRole("button", { name: "Invite someone" }).click();
    await expect.poll(() => member.page.getByTestId("invite-result").textContent()).toBe("403 action_forbidden");
    const refused = await member.context.request.post(`${appUrl}/api/invitations`);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ error_code: "action_forbidden" });
    // protect({ permission }) in a server component: Next's 403 page (experimental.authInterrupts)
    expect((await member.context.request.get(`${appUrl}/app/team`)).status()).toBe(403);
    await member.context.close();
  });

  it("signed out: the matcher starts the login for a page under /app and it lands on that page's host (127.0.0.1, not localhost); the route handlers answer 401; the app's middleware callback runs", async () => {
    const { context, page } = await freshPage();
    await page.goto(`${appUrl}/app/dashboard?tab=1`);
    // the middleware answered as the login route: the hosted login and the state cookie, on the app's host
    const { hostname } = new URL(appUrl);
    const states = (await context.cookies()).filter(
      (cookie) => cookie.name.startsWith("__pa_state.") && cookie.domain === hostname,
    );
    expect(states).toHaveLength(1);
    await signInOnServerLogin(page, emulatorUrl, OWNER);
    await page.waitForURL(`${appUrl}/app/dashboard?tab=1`);
    expect(new URL(page.url()).host).toBe(new URL(appUrl).host);
    await context.close();
    const response = await fetch(`${appUrl}/api/me`);
    expect(response.status).toBe(401);
    expect(response.headers.get("x-example-signed-in")).toBe("no");
    expect(await response.json()).toEqual({ error: "not_logged_in" });
    const invitation = await fetch(`${appUrl}/api/invitations`, { method: "POST" });
    expect(invitation.status).toBe(401);
    expect(await invitation.json()).toMatchObject({ error_code: "not_logged_in" });
  });

  it("renews the session across an access-token expiry with no loading state", async () => {
    const { context, page, consoleErrors } = await freshPage();
    await signIn(page, "/app/dashboard");
    const renewals: number[] = [];
    page.on("response", (response) => {
      if (response.url() === `${appUrl}/auth/userinfo`) renewals.push(response.status());
    });
    // once the page's own data is in, watch it for any loading or signed-out state while the access token expires
    await page.getByTestId("member-count").waitFor();
    await page.getByTestId("from-server").waitFor();
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const text = document.body.innerText;
        if (/Loading|Signed out/.test(text)) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.waitForTimeout((ACCESS_TOKEN_SECONDS + 2) * 1000);
    await page.getByRole("button", { name: "Greet me on the server" }).click();
    await expect.poll(() => page.getByTestId("greeting").textContent()).toBe(`A server action greets ${OWNER}`);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
    expect(renewals.length).toBeGreaterThan(0);
    expect(renewals.every((status) => status === 200)).toBe(true);
    // a new page after the expiry: the middleware refreshed before the render
    expect(await serverHtml(context, "/app/dashboard")).toContain(`${OWNER}<!-- --> in <!-- -->`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("switches the org: the client at once, the server from its next render", async () => {
    const { context, page } = await freshPage();
    await signIn(page, "/app/dashboard");
    await page.getByLabel("Organisation").selectOption({ label: SECOND_ORG.name });
    await expect.poll(() => page.getByTestId("active-org").textContent()).toBe(SECOND_ORG.name);
    await expect
      .poll(async () => serverHtml(context, "/app/dashboard"))
      .toContain(`${OWNER}<!-- --> in <!-- -->${SECOND_ORG.name}`);
    // the owner of the first org is a member of the second: the permission check follows the active org
    expect(await serverHtml(context, "/app/admin")).toContain(
      `You may not invite people to <!-- -->${SECOND_ORG.name}`,
    );
    await context.close();
  });

  it("signs out on the app and at the auth host: the next login asks for credentials", async () => {
    const { context, page } = await freshPage();
    await signIn(page, "/app/dashboard");
    await page.goto(`${appUrl}/`);
    await page.getByTestId("email").waitFor();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByText("Signed out.").waitFor();
    expect(await serverHtml(context, "/")).toContain("The server sees no session.");
    // the Sign in button's redirect loads its URL builders (a chunk of their own) and goes through /auth/login
    await page.getByRole("button", { name: "Sign in" }).click();
    // the hosted login page shows its form: the auth host's session ended too
    await page.waitForURL(
      (url) => url.origin === new URL(emulatorUrl).origin && url.pathname === "/propelauth/ssr/authorize",
    );
    await page.getByRole("button", { name: "Log in" }).first().waitFor();
    await context.close();
  });

  it("a server component prefetches with the generated query options: the members are in the server's HTML", async () => {
    const { context, page } = await freshPage();
    await signIn(page, "/app/members");
    const html = await serverHtml(context, "/app/members");
    expect(html).toContain(`Members of <!-- -->${ORG.name}`);
    expect(html).toContain("Prefetched on the server: <!-- -->1<!-- --> page(s)");
    expect(html).toContain(MEMBER);
    await context.close();
  });

  it("a route handler answers the user or org behind an API key made in the browser, and refuses deleted and unknown keys", async () => {
    // the keys are made as useCreateApiKey makes them: the front-end call, with the signed-in browser's cookie
    const browser = createTransport({ authUrl: emulatorUrl, fetch: createCookieFetch() });
    await login(browser, { body: { email: OWNER, password: PASSWORD } });
    // the org's id as the emulator has it (seed.ts makes a new one in each process that loads it)
    const memberships = Object.values((await refreshToken(browser)).org_id_to_org_member_info ?? {});
    const orgId = memberships.find((membership) => membership.org_name === ORG.name)?.org_id ?? "";
    const personal = await createApiKey(browser, { body: { display_name: "CLI" } });
    const org = await createApiKey(browser, { body: { org_id: orgId, display_name: "CI" } });
    const whoami = async (key: string) => {
      const response = await fetch(`${appUrl}/api/whoami-by-key`, { headers: { Authorization: `Bearer ${key}` } });
      return [response.status, await response.json()];
    };
    expect(await whoami(personal.api_key_token)).toEqual([200, { kind: "personal", email: OWNER }]);
    expect(await whoami(org.api_key_token)).toEqual([200, { kind: "org", orgId, orgName: ORG.name }]);
    await deleteApiKey(browser, { path: { apiKeyId: personal.api_key_id } });
    expect(await whoami(personal.api_key_token)).toEqual([401, { error: "deleted" }]);
    expect(await whoami("0".repeat(48))).toEqual([401, { error: "unknown" }]);
  });

  it("signInBrowser (orgauth/testing) puts a seeded user's session into the app's cookies: a protected page is signed in at once", async () => {
    const context = await browser().newContext();
    const adminSecret = inject("serverSessionEmulatorSecret");
    await signInBrowser(context, { emulatorUrl, adminSecret, user: { email: OWNER }, appUrl: `${appUrl}/` });
    const page = await context.newPage();
    await page.goto(`${appUrl}/app/dashboard`); // the middleware lets it through: no trip to the hosted login
    expect(page.url()).toBe(`${appUrl}/app/dashboard`);
    await expect.poll(() => page.getByTestId("email").textContent()).toBe(OWNER);
    await context.close();
  });
});
