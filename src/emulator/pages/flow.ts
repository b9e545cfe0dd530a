import type { EmulatorContext } from "../store/context.js";
import { ProviderError } from "../http/errors.js";
import type { Reply, Request, Router } from "../http/http.js";

/**
 * The decoded `rt` (return-to: base64 of the URL's UTF-8 bytes) of a page request, when it is an http(s) URL on the
 * emulator's own origin or an allowed app origin; any other target (another site, `javascript:`) is dropped.
 */
export function returnTarget(request: Request): string | null {
  const rt = request.form.rt ?? request.url.searchParams.get("rt");
  if (!rt) return null;
  try {
    const url = new URL(Buffer.from(rt, "base64").toString("utf8"));
    return request.redirectAllowed(url.href) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Where a login page opened without a return address should send the user once logged in: the project's default
 * redirect, else the app the browser came from (the Referer's origin) when it is an allowed app origin other than
 * the emulator's own. Null when there is nowhere but the emulator's account page.
 */
async function defaultReturnTarget(ctx: EmulatorContext, request: Request): Promise<string | null> {
  return (await ctx.settings()).defaultRedirect ?? appCameFrom(ctx, request);
}

/** The app the browser came from (the Referer's origin), when it is an allowed app origin not the emulator's own. */
function appCameFrom(ctx: EmulatorContext, request: Request): string | null {
  const referer = request.headers.referer;
  let origin: string;
  try {
    origin = new URL(referer ?? "").origin;
  } catch {
    return null;
  }
  const own = origin === new URL(ctx.baseUrl).origin || request.isOwnOrigin(origin);
  return !own && request.redirectAllowed(`${origin}/`) ? `${origin}/` : null;
}

/** Where a finished step ends: the request's `rt`, else the default return target, else the account page. */
export async function landingTarget(ctx: EmulatorContext, request: Request): Promise<string> {
  return returnTarget(request) ?? (await defaultReturnTarget(ctx, request)) ?? "/account";
}

/**
 * A login or signup page opened without `rt`: the same page with the default return target as its `rt`, so every
 * step after it (MFA, confirmation, social and SSO sign-in) carries it. Null when `rt` is given or the browser did
 * not come from an app (a configured default redirect then still applies when the login finishes).
 */
export async function withDefaultReturn(ctx: EmulatorContext, request: Request): Promise<Reply | null> {
  if (request.url.searchParams.has("rt") || !appCameFrom(ctx, request)) return null;
  const target = await defaultReturnTarget(ctx, request);
  if (!target) return null;
  const url = new URL(request.url.pathname, ctx.baseUrl);
  for (const [key, value] of request.url.searchParams) url.searchParams.set(key, value);
  url.searchParams.set("rt", Buffer.from(target, "utf8").toString("base64"));
  return redirect(url.pathname + url.search);
}

/** The raw `rt` of a page request, to carry through forms and links. */
export const rawRt = (request: Request): Record<string, string> => {
  const rt = request.form.rt ?? request.url.searchParams.get("rt");
  return rt ? { rt } : {};
};

/** A path with the request's `rt` carried along. */
export function withRt(path: string, request: Request, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...extra, ...rawRt(request) }).toString();
  return params ? `${path}?${params}` : path;
}

/** Calls an API route of the same server on behalf of a page; a ProviderError comes back as `error`. */
export async function callApi(
  router: Router,
  request: Request,
  method: string,
  path: string,
  body: unknown,
): Promise<{ reply?: Reply; error?: ProviderError }> {
  const found = router.match(method, path);
  if (!found) throw new Error(`No route ${method} ${path}`);
  try {
    return { reply: await found.handler({ ...request, method, params: found.params, body }) };
  } catch (error) {
    if (error instanceof ProviderError) return { error };
    throw error;
  }
}

/** The message to show for a failed API call: the first field message, or the general one. */
export function messageOf(error: ProviderError): string {
  const first = error.fields ? Object.values(error.fields)[0] : undefined;
  return first?.message ?? error.userFacing;
}

/** A 303 redirect, with cookies to set. */
export const redirect = (to: string, cookies: string[] = []): Reply => ({ status: 303, redirect: to, cookies });
