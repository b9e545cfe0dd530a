/**
 * The behaviours bench/size-ablation.ts takes out of the sources one at a time, each with the edits that stand a
 * stub in for its code (an edit that no longer matches fails the run: keep them in step with the sources).
 */

/** One textual edit of a source file (path relative to the repository). */
export interface SourceEdit {
  file: string;
  find: RegExp | string;
  replace: string;
}

/** A behaviour of the session, and how it is taken out. */
export interface Ablation {
  name: string;
  /** Whether the vendor's `createClient` / `@propelauth/react` has the behaviour at all. */
  vendorHasIt: string;
  edits: SourceEdit[];
  /** Compiles validation out instead of (or besides) editing. */
  validationOff?: boolean;
  /** Rows it applies to (default: every row). */
  rows?: string[];
}

/** The whole of a file, for a stub that replaces it. */
const WHOLE = /^[\s\S]*$/;

/** From `start` up to (not including) `end`, non-greedy. */
const between = (start: string, end: string) => new RegExp(`${literal(start)}[\\s\\S]*?(?=${literal(end)})`);
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const ENGINE = "src/session/session-engine.ts";
const REQUESTS = "src/session/session-requests.ts";

export const ABLATIONS: Ablation[] = [
  {
    name: "retries (100/200/300 ms) and `Retry-After`",
    vendorHasIt: "no",
    edits: [
      {
        file: REQUESTS,
        find: between("export async function refreshWithRetries(", "/** `POST /api/v1/logout`"),
        replace:
          "export function refreshWithRetries(ctx: SessionRequestContext, activeOrgId: string | null): Promise<RefreshOutcome> { return refreshOnce(ctx, activeOrgId); }\n\n",
      },
      {
        file: "src/transport/exchange.ts",
        find: /response\.ok\s*\?\s*undefined\s*:\s*parseRetryAfter\([^;]*\);/,
        replace: "undefined;",
      },
      {
        file: ENGINE,
        find: /if \(error instanceof RefreshError && error\.retryAfterMs !== undefined\)\s*notBefore = [^;]*;/,
        replace: "",
      },
    ],
  },
  {
    name: 'the "unreachable" state (transient failures never log out)',
    vendorHasIt: "no",
    edits: [
      {
        file: ENGINE,
        find: /if \(error instanceof RefreshError && error\.isTransient\) store\.setUnreachable\(\);\s*else store\.set\(null\);/,
        replace: "store.set(null);",
      },
      { file: ENGINE, find: /if \(store\.getSnapshot\(\)\.status === "unreachable"\) return [^\n]*/, replace: "" },
      {
        file: ENGINE,
        find: /const unreachable = store\.getSnapshot\(\)\.status === "unreachable";/,
        replace: "const unreachable = false;",
      },
      {
        file: "src/session/errors.ts",
        find: between("  get isTransient(): boolean {", "\n}\n\n/** A logout"),
        replace: "",
      },
      {
        file: "src/session/session-store.ts",
        find: /setUnreachable\(\)\s*\{[\s\S]*?\n {4}\},/,
        replace: "setUnreachable() {},",
      },
    ],
  },
  {
    name: "tab coordination (`tabSync`: a sibling's session, one refresh per due time across tabs)",
    vendorHasIt: "no",
    rows: ["session-only app"],
    edits: [
      {
        file: "src/hooks/auth-provider.tsx",
        find: "createAuthClient({ tabs: tabSync, ",
        replace: "createAuthClient({ ",
      },
    ],
  },
  {
    name: "cross-tab login and logout through storage events",
    vendorHasIt: "yes (storage events)",
    edits: [
      {
        file: ENGINE,
        find: between("function onStorageChange(", "function onRemoteResult("),
        replace: "function onStorageChange(_key: string | null, _value: string | null): void {}\n\n  ",
      },
      {
        file: "src/session/environment.ts",
        find: between("    onStorageChange: (listener) =>", "    openChannel: (name) =>"),
        replace: "    onStorageChange: () => () => undefined,\n",
      },
    ],
  },
  {
    name: "wake-ups (focus, online, visible) and the background timer",
    vendorHasIt: "yes (a timer; refresh on focus)",
    edits: [
      {
        file: ENGINE,
        find: between("function onTick(): void {", "function onStorageChange("),
        replace: "function onTick(): void {}\n  function onWake(_reason: WakeReason): void {}\n\n  ",
      },
      {
        file: "src/session/scheduler.ts",
        find: WHOLE,
        replace:
          'import type { AuthEnvironment } from "./environment.js";\nexport interface BackgroundTimer { start(): void; stop(): void }\nexport function createBackgroundTimer(_e: AuthEnvironment, _i: number, _t: () => void): BackgroundTimer { return { start() {}, stop() {} }; }\n',
      },
      {
        file: "src/session/environment.ts",
        find: between("    onWake: (listener) => {", "    onPageHide: (listener) =>"),
        replace: "    onWake: () => () => undefined,\n",
      },
    ],
  },
  {
    name: "clock skew (Date header, token `iat`)",
    vendorHasIt: "no",
    edits: [
      {
        file: "src/session/clock-skew.ts",
        find: between("/**\n * Learns the offset", "/** Seconds left"),
        replace:
          'export function learnClockSkew(_d: string | null, _t: string | null, _n: number): ClockSkew { return { offsetMs: 0, source: "date_header" }; }\n\n',
      },
    ],
  },
  {
    name: "org tokens (`getAccessTokenForOrg`, its cache)",
    vendorHasIt: "yes",
    edits: [
      {
        file: ENGINE,
        find: /const orgTokens = createOrgTokenCache\([^;]*;/,
        replace:
          'const orgTokens: OrgTokenCache = { get: async () => ({ ok: false, error: "unexpected_error" }), clear() {} };',
      },
    ],
  },
  {
    name: "hosted-page URL builders and redirect functions",
    vendorHasIt: "yes",
    edits: [
      {
        file: "src/session/hosted-pages.ts",
        find: between("export function createHostedPageUrls(", "/** The URL builders of a client"),
        replace:
          "export function createHostedPageUrls(_a: string, _c?: () => string | null, _o?: readonly string[], _r?: string): HostedPageUrls { return {} as HostedPageUrls; }\n\n",
      },
      {
        file: "src/session/hosted-pages.ts",
        find: between("export function createRedirectFunctions(", "\n}\n"),
        replace:
          "export function createRedirectFunctions(_u: HostedPageUrls, _n: (url: string) => void): RedirectFunctions { return {} as RedirectFunctions;",
      },
    ],
  },
  {
    name: "events (`onEvent`: the emitter and every event built)",
    vendorHasIt: "no",
    edits: [ENGINE, REQUESTS, "src/session/session-store.ts"].map((file) => ({
      file,
      find: /\b(?:emit|ctx\[3\])\(\{[^}]*?\}\)/g,
      replace: "void 0",
    })),
  },
  {
    name: "deadlines (a timeout on every request)",
    vendorHasIt: "no",
    edits: [
      {
        file: "src/transport/exchange.ts",
        find: /given \?\? withTimeout\([^;]*;/,
        replace: "given ?? { signal, timedOut: () => false, dispose() {} };",
      },
    ],
  },
  {
    name: "the logout request (`logout()`)",
    vendorHasIt: "yes",
    edits: [
      {
        file: REQUESTS,
        find: /\/\*\* `POST \/api\/v1\/logout`[\s\S]*$/,
        replace:
          "export async function logoutRequest(_ctx: SessionRequestContext): Promise<string | null> { return null; }\n",
      },
    ],
  },
  {
    name: "login trips and the login-failed fallback (`<RequireAuth>`)",
    vendorHasIt: "no",
    rows: ["session-only app"],
    edits: [
      {
        file: "src/hooks/login-failure.ts",
        find: WHOLE,
        replace:
          'export type LoginFailureCause = "session_not_readable";\nexport interface LoginFailure { cause: LoginFailureCause; message: string; retry(): void }\nexport function diagnoseLoginFailure(_a: string, _p: string | null): Omit<LoginFailure, "retry"> { return { cause: "session_not_readable", message: "" }; }\nexport function logLoginFailureOnce(_f: unknown): void {}\n',
      },
      {
        file: "src/hooks/login-return.ts",
        find: WHOLE,
        replace:
          "export const MAX_LOGIN_REDIRECTS = 2;\nexport function recordLoginRedirect(_r: string, _n?: number): void {}\nexport function loginRedirectsExhausted(_n?: number): boolean { return false; }\nexport function clearLoginRedirects(): void {}\n",
      },
      {
        file: "src/hooks/login-failed-fallback.tsx",
        find: WHOLE,
        replace:
          'import type { ReactNode } from "react";\nexport function DefaultLoginFailed(_p: { failure: unknown }): ReactNode { return null; }\n',
      },
    ],
  },
  {
    name: "validation of the refresh answer (its loader; zod and the schemas are later chunks)",
    vendorHasIt: "no",
    edits: [],
    validationOff: true,
  },
];
