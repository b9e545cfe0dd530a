/**
 * The one piece of state the demo server adds on top of Prism (which is stateless): per browser, in a
 * cookie, whether the visitor is logged in, logged out, or part-way through the login flow.
 *
 *   cookie `orgauth_demo_session`   absent → logged in (Prism's default answers)
 *                                   `LoggedOut` → logged out
 *                                   a login step name (e.g. `TwoFactorRequired`) → mid-login at that step
 *
 * What it changes, and only when the browser's request carries no `Prefer` header of its own (an explicit
 * scenario from the demo's toolbar always wins):
 *   - `GET /api/v1/refresh_token` while not logged in     → `Prefer: code=401` (the documented not_logged_in example)
 *   - `GET /api/fe/v3/login_state`                        → the example named after the state
 *                                                           (`Finished`, `LoginRequired` or the current step)
 * What moves the state:
 *   - `POST /api/v1/logout` or `DELETE /api/fe/v3/delete_me` answered 2xx → logged out
 *   - any answer whose JSON body has a `login_state` (login, signup, verify, verify_backup)
 *                                                         → that step, or logged in when it is `Finished`
 *   - the call that completes the current step, answered 2xx → logged in
 *     (update_metadata, create_org / join_org, update_password, mfa_enable, resend_email_confirmation —
 *     the demo's stand-in for clicking the emailed link)
 * Everything else is Prism answering from the contract.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { mfaPreferFor, nextMfaCookie } from "./demo-mfa-state.js";

/** The cookie that holds the demo session state. */
export const DEMO_SESSION_COOKIE = "orgauth_demo_session";

/** The login steps the demo can be in (the contract's LoginState values other than Finished). */
const STEPS = [
  "LoginRequired",
  "TwoFactorRequired",
  "ConfirmEmailRequired",
  "UserMetadataRequired",
  "OrgCreationRequired",
  "UpdatePasswordRequired",
  "TwoFactorEnablementRequired",
] as const;

type Step = (typeof STEPS)[number];

/** The state of one browser. */
export type DemoSessionState = { kind: "logged_in" } | { kind: "logged_out" } | { kind: "step"; step: Step };

/** Which call (method + path) completes which step. */
const STEP_COMPLETIONS: Record<string, Step> = {
  "POST /api/fe/v3/update_metadata": "UserMetadataRequired",
  "POST /api/fe/v3/create_org": "OrgCreationRequired",
  "POST /api/fe/v3/update_password": "UpdatePasswordRequired",
  "POST /api/fe/v3/mfa_enable": "TwoFactorEnablementRequired",
  "POST /api/fe/v3/resend_email_confirmation": "ConfirmEmailRequired",
};

/** Reads the state from the request's cookies. */
function readDemoSessionState(cookieHeader: string | undefined): DemoSessionState {
  const value = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === DEMO_SESSION_COOKIE)?.[1];
  if (value === "LoggedOut") return { kind: "logged_out" };
  const step = STEPS.find((candidate) => candidate === value);
  return step ? { kind: "step", step } : { kind: "logged_in" };
}

function cookieFor(state: DemoSessionState): string {
  const attributes = "Path=/; HttpOnly; SameSite=Lax";
  if (state.kind === "logged_in") return `${DEMO_SESSION_COOKIE}=; ${attributes}; Max-Age=0`;
  return `${DEMO_SESSION_COOKIE}=${state.kind === "logged_out" ? "LoggedOut" : state.step}; ${attributes}`;
}

function routeOf(req: IncomingMessage): string {
  return `${req.method ?? "GET"} ${new URL(req.url ?? "/", "http://demo").pathname}`;
}

/** The `Prefer` header the demo adds to a request, or null to leave it as it is. */
export function preferFor(req: IncomingMessage): string | null {
  if (req.headers.prefer !== undefined) return null;
  const state = readDemoSessionState(req.headers.cookie);
  const route = routeOf(req);
  if (route === "GET /api/v1/refresh_token") return state.kind === "logged_in" ? null : "code=401";
  if (route === "GET /api/fe/v3/login_state") {
    const example =
      state.kind === "logged_in" ? "Finished" : state.kind === "logged_out" ? "LoginRequired" : state.step;
    return `code=200, example=${example}`;
  }
  return null;
}

/** The state after Prism answered `req` with `status` and `body`, or null when it does not change. */
export function nextDemoSessionState(req: IncomingMessage, status: number, body: string): DemoSessionState | null {
  if (status < 200 || status > 299) return null;
  const route = routeOf(req);
  if (route === "POST /api/v1/logout" || route === "DELETE /api/fe/v3/delete_me") return { kind: "logged_out" };
  if (route !== "GET /api/fe/v3/login_state") {
    const loginState = loginStateOf(body);
    if (loginState === "Finished") return { kind: "logged_in" };
    const step = STEPS.find((candidate) => candidate === loginState);
    if (step) return { kind: "step", step };
  }
  const current = readDemoSessionState(req.headers.cookie);
  const completes =
    STEP_COMPLETIONS[route] ?? (route.startsWith("POST /api/fe/v3/join_org/") ? "OrgCreationRequired" : undefined);
  if (current.kind === "step" && completes === current.step) return { kind: "logged_in" };
  return null;
}

function loginStateOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { login_state?: unknown }).login_state;
  } catch {
    return undefined;
  }
}

/** The demo's own route that starts a half-done login over: the toolbar calls it when a scenario is chosen. */
export const RESTART_LOGIN_PATH = "/__demo/restart-login";

/**
 * Answers `POST /__demo/restart-login`: a visitor part-way through the login flow goes back to its start
 * (logged out), so a newly chosen scenario's sign-in begins at once; a logged-in or logged-out visitor is left as is.
 */
export function restartLogin(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== "POST") {
    res.writeHead(405, { Allow: "POST" }).end();
    return;
  }
  if (readDemoSessionState(req.headers.cookie).kind === "step")
    res.setHeader("Set-Cookie", cookieFor({ kind: "logged_out" }));
  res.writeHead(204).end();
}

/** Minimal view of the proxy server Vite hands to `configure` (http-proxy's events we use). */
export interface ProxyEvents {
  on(
    event: "proxyReq",
    listener: (proxyReq: { setHeader(name: string, value: string): void }, req: IncomingMessage) => void,
  ): unknown;
  on(
    event: "proxyRes",
    listener: (proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => void,
  ): unknown;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length"]);

/**
 * Wires the demo session state into Vite's `/api` proxy (which must use `selfHandleResponse: true`):
 * adds the state's `Prefer` header on the way in, buffers Prism's answer and sets the cookie on the way out.
 */
export function attachDemoSessionState(proxy: ProxyEvents): void {
  proxy.on("proxyReq", (proxyReq, req) => {
    const prefer = preferFor(req) ?? mfaPreferFor(req);
    if (prefer !== null) proxyReq.setHeader("Prefer", prefer);
  });
  proxy.on("proxyRes", (proxyRes, req, res) => {
    const chunks: Buffer[] = [];
    proxyRes.on("data", (chunk: Buffer) => chunks.push(chunk));
    proxyRes.on("end", () => {
      const body = Buffer.concat(chunks);
      const status = proxyRes.statusCode ?? 502;
      for (const [name, value] of Object.entries(proxyRes.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
      }
      const next = nextDemoSessionState(req, status, body.toString("utf8"));
      const cookies = [next === null ? null : cookieFor(next), nextMfaCookie(req, status)].filter(
        (cookie) => cookie !== null,
      );
      if (cookies.length) res.setHeader("Set-Cookie", cookies);
      res.setHeader("Content-Length", body.length);
      res.writeHead(status);
      res.end(body);
    });
  });
}
