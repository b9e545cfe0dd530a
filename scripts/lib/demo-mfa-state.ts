/**
 * The demo server's memory of MFA, per browser in a cookie, so the Account screen shows what the visitor did:
 * after `POST /api/fe/v3/mfa_enable` answered 2xx the security status is the contract's `Enabled` example, after
 * `mfa_disable` (or a logout) it is Prism's default `Disabled` again. A request with its own `Prefer` header (a
 * scenario from the toolbar) always wins.
 */
import type { IncomingMessage } from "node:http";

/** The cookie that says MFA was turned on in this browser. */
export const DEMO_MFA_COOKIE = "orgauth_demo_mfa";

const ATTRIBUTES = "Path=/; HttpOnly; SameSite=Lax";

function mfaIsOn(req: IncomingMessage): boolean {
  return (req.headers.cookie ?? "").split(";").some((part) => part.trim() === `${DEMO_MFA_COOKIE}=on`);
}

function routeOf(req: IncomingMessage): string {
  return `${req.method ?? "GET"} ${new URL(req.url ?? "/", "http://demo").pathname}`;
}

/** The `Prefer` header for the security status while MFA is on here, else null. */
export function mfaPreferFor(req: IncomingMessage): string | null {
  if (req.headers.prefer !== undefined || !mfaIsOn(req)) return null;
  return routeOf(req) === "POST /api/fe/v3/security_status" ? "code=200, example=Enabled" : null;
}

/** The `Set-Cookie` value after Prism answered `req` with `status`, or null when MFA's state does not change. */
export function nextMfaCookie(req: IncomingMessage, status: number): string | null {
  if (status < 200 || status > 299) return null;
  const route = routeOf(req);
  if (route === "POST /api/fe/v3/mfa_enable") return `${DEMO_MFA_COOKIE}=on; ${ATTRIBUTES}`;
  if (route === "POST /api/fe/v3/mfa_disable" || route === "POST /api/v1/logout")
    return `${DEMO_MFA_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`;
  return null;
}
