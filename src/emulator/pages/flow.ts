import { ProviderError } from "../errors.js";
import type { Reply, Request, Router } from "../http.js";

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
