import type { EmulatorContext } from "../store/context.js";
import type { Reply, Request, Router } from "../http/http.js";
import { currentPerson } from "../store/sessions.js";
import { errorLine, form, page } from "./html.js";
import { SOCIAL_PROVIDERS } from "./social.js";
import { callApi, landingTarget, messageOf, rawRt, redirect, withDefaultReturn, withRt } from "./flow.js";

/** Where a finished login goes: the step's page, else `rt`, else the default redirect, else the account page. */
async function afterLogin(ctx: EmulatorContext, request: Request, state: string, cookies: string[]): Promise<Reply> {
  if (state === "TwoFactorRequired") return redirect(withRt("/mfa", request), cookies);
  if (state === "ConfirmEmailRequired") return redirect(withRt("/confirm_email_required", request), cookies);
  if (state === "OrgCreationRequired") return redirect(withRt("/create_org", request), cookies);
  return redirect(await landingTarget(ctx, request), cookies);
}

const html = (title: string, body: string): Reply => ({ status: 200, html: page(title, body) });

/** The hosted login page (its links and form carry the request's `rt`). */
export function loginPage(request: Request, error?: string): Reply {
  const social = SOCIAL_PROVIDERS.slice(0, 3)
    .map((p) => `<a href="/${p}/login${withRt("", request)}">${p}</a>`)
    .join(" · ");
  return html(
    "Log in",
    `${errorLine(error)}
${form(
  "/login",
  [
    { name: "email", label: "Email", type: "email" },
    { name: "password", label: "Password", type: "password" },
  ],
  rawRt(request),
  "Log in",
)}
<p class="muted">Or: ${social} · <a href="/saml_lookup${withRt("", request)}">single sign-on</a> · <a href="${withRt("/signup", request)}">create an account</a> · <a href="/outbox">outbox</a></p>
<h2>Email me a login link</h2>${form("/login_link", [{ name: "email", label: "Email", type: "email" }], rawRt(request), "Send link")}`,
  );
}

/** The hosted signup page (its links and form carry the request's `rt`). */
export const signupPage = (request: Request, error?: string): Reply =>
  html(
    "Create an account",
    `${errorLine(error)}${form(
      "/signup",
      [
        {
          name: "email",
          label: "Email",
          type: "email",
          value: request.url.searchParams.get("email") ?? request.form.email ?? "",
        },
        { name: "password", label: "Password (8 characters or more)", type: "password" },
        { name: "first_name", label: "First name" },
        { name: "last_name", label: "Last name" },
      ],
      {
        ...rawRt(request),
        invite_token: request.url.searchParams.get("invite_token") ?? request.form.invite_token ?? "",
      },
      "Sign up",
    )}
<p class="muted">Have an account? <a href="${withRt("/login", request)}">Log in</a></p>`,
  );

/** /login, /signup, /mfa, /login_link, /confirm_email_required and the social and SAML sign-in pages. */
export function authPages(router: Router, ctx: EmulatorContext): void {
  router.add("GET", "/login", async (request) => {
    const defaulted = await withDefaultReturn(ctx, request);
    if (defaulted) return defaulted;
    return (await currentPerson(ctx, request)) ? redirect(await landingTarget(ctx, request)) : loginPage(request);
  });
  router.add("POST", "/login", async (request) => {
    const { reply, error } = await callApi(router, request, "POST", "/api/fe/v3/login", {
      email: request.form.email ?? "",
      password: request.form.password ?? "",
    });
    if (error) return loginPage(request, messageOf(error));
    return afterLogin(ctx, request, (reply!.json as { login_state: string }).login_state, reply!.cookies ?? []);
  });

  router.add("GET", "/signup", async (request) => (await withDefaultReturn(ctx, request)) ?? signupPage(request));
  router.add("POST", "/signup", async (request) => {
    const { email = "", password = "", first_name, last_name, invite_token } = request.form;
    const body = {
      email,
      password,
      ...(first_name && { first_name }),
      ...(last_name && { last_name }),
      ...(invite_token && { invite_token }),
    };
    const { reply, error } = await callApi(router, request, "POST", "/api/fe/v3/signup", body);
    if (error) return signupPage(request, messageOf(error));
    return afterLogin(ctx, request, (reply!.json as { login_state: string }).login_state, reply!.cookies ?? []);
  });

  const mfaPage = (request: Request, error?: string): Reply =>
    html(
      "Two-factor authentication",
      `${errorLine(error)}${form("/mfa", [{ name: "code", label: "Code from your authenticator app" }], rawRt(request), "Verify")}
<h2>Lost your phone?</h2>${form("/mfa", [{ name: "backup_code", label: "Backup code" }], rawRt(request), "Use backup code")}`,
    );
  router.add("GET", "/mfa", async (request) => mfaPage(request));
  router.add("POST", "/mfa", async (request) => {
    const backup = request.form.backup_code;
    const { reply, error } = backup
      ? await callApi(router, request, "POST", "/api/fe/v3/verify_backup", { code: backup })
      : await callApi(router, request, "POST", "/api/fe/v3/verify", { code: request.form.code ?? "" });
    if (error?.code === "invalid_mfa_cookie") return redirect(withRt("/login", request));
    if (error) return mfaPage(request, messageOf(error));
    return afterLogin(ctx, request, (reply!.json as { login_state: string }).login_state, reply!.cookies ?? []);
  });

  router.add("POST", "/login_link", async (request) => {
    const { error } = await callApi(router, request, "POST", "/api/fe/v3/login_passwordless", {
      email: request.form.email ?? "",
      create_if_doesnt_exist: false,
    });
    if (error) return loginPage(request, messageOf(error));
    return html(
      "Check your email",
      `<p>If an account exists, a login link is in the <a href="/outbox">outbox</a>.</p>`,
    );
  });

  router.add("GET", "/confirm_email_required", async () =>
    html(
      "Confirm your email",
      `<p>We sent a confirmation link. Open it from the <a href="/outbox">outbox</a>.</p>
<form method="post" action="/confirm_email_required"><button>Send it again</button></form>`,
    ),
  );
  router.add("POST", "/confirm_email_required", async (request) => {
    const { error } = await callApi(router, request, "POST", "/api/fe/v3/resend_email_confirmation", undefined);
    return html(
      "Confirm your email",
      `${errorLine(error && messageOf(error))}<p>${error ? "" : "Sent again. "}Open it from the <a href="/outbox">outbox</a>.</p>`,
    );
  });
}
