import { refreshResponse, userinfoResponse } from "./auth-info.js";
import type { EmulatorContext } from "../store/context.js";
import { invalidApiKey, invalidFields, notLoggedIn, ProviderError } from "../http/errors.js";
import { bodyOf, requiredText } from "../http/fields.js";
import type { Request, Router } from "../http/http.js";
import { noContent, ok } from "../http/reply.js";
import { getPerson, type Person } from "../store/people.js";
import {
  endSsrSession,
  peekRefreshToken,
  redeemSsrCode,
  rotateRefreshToken,
  type SsrLogin,
  startSsrSession,
} from "../store/ssr-sessions.js";
import { bearerOf, bearsIntegrationKey } from "../tokens/integration-key.js";

/**
 * The calls an app's server makes for the server-side session: POST /propelauth/ssr/token,
 * POST /api/backend/v1/refresh_token, POST /api/backend/v1/logout (each with the integration API key) and
 * GET /propelauth/oauth/userinfo (with the user's access token). The authorize navigation is a hosted page.
 */
export function serverSessionRoutes(router: Router, ctx: EmulatorContext): void {
  const requireApiKey = async (request: Request): Promise<void> => {
    if (!(await bearsIntegrationKey(ctx.db, request.headers.authorization))) throw invalidApiKey();
  };

  router.add("POST", "/propelauth/ssr/token", async (request) => {
    await requireApiKey(request);
    const body = bodyOf(request);
    const redirectUri = requiredText(body, "redirect_uri");
    const code = requiredText(body, "code");
    const login = await redeemSsrCode(ctx, code, redirectUri);
    const person = login && (await signedInPerson(ctx, login));
    if (!login || !person)
      throw new ProviderError(400, "bad_request", "The authorization code is invalid or has expired");
    const tokens = await refreshResponse(ctx, person, login.loginMethod);
    if (!tokens) throw notLoggedIn();
    return ok({
      access_token: tokens.access_token,
      refresh_token: await startSsrSession(ctx, login),
      expires_at_seconds: tokens.expires_at_seconds,
    });
  });

  router.add("POST", "/api/backend/v1/refresh_token", async (request) => {
    await requireApiKey(request);
    const refreshToken = requiredText(bodyOf(request), "refresh_token");
    const activeOrgId = activeOrgOf(request);
    // the org is checked before the rotation: a refused org leaves the refresh token as it was
    const login = await peekRefreshToken(ctx, refreshToken);
    const person = login && (await signedInPerson(ctx, login));
    if (!login || !person) throw notLoggedIn();
    const tokens = await refreshResponse(ctx, person, login.loginMethod, activeOrgId);
    if (!tokens) throw new ProviderError(400, "bad_request", "The user is not a member of that organization");
    const rotated = await rotateRefreshToken(ctx, refreshToken);
    if (!rotated) throw notLoggedIn();
    return ok({
      refresh_token: rotated.refreshToken,
      access_token: { access_token: tokens.access_token, expires_at_seconds: tokens.expires_at_seconds },
    });
  });

  router.add("POST", "/api/backend/v1/logout", async (request) => {
    await requireApiKey(request);
    await endSsrSession(ctx, requiredText(bodyOf(request), "refresh_token"));
    return noContent();
  });

  router.add("GET", "/propelauth/oauth/userinfo", async (request) => {
    const token = bearerOf(request.headers.authorization);
    const claims = token ? await ctx.signer.verify(token) : null;
    const person = typeof claims?.sub === "string" ? await getPerson(ctx, claims.sub) : null;
    if (!person?.enabled) throw notLoggedIn();
    return ok(await userinfoResponse(ctx, person));
  });
}

/** The person of a server-side sign-in while their account is enabled; null once deleted or disabled. */
async function signedInPerson(ctx: EmulatorContext, login: SsrLogin): Promise<Person | null> {
  const person = await getPerson(ctx, login.userId);
  return person?.enabled ? person : null;
}

/**
 * The organisation the access token is for: `active_org_id` with `with_active_org_support=true`. An org id without
 * the flag is refused (it would be silently ignored otherwise); the flag alone asks for a user token.
 */
function activeOrgOf(request: Request): string | undefined {
  const query = request.url.searchParams;
  const support = query.get("with_active_org_support");
  const orgId = query.get("active_org_id") || undefined;
  if (support !== null && support !== "true" && support !== "false")
    throw invalidFields({ with_active_org_support: { code: "invalid_type", message: "Must be true or false" } });
  if (orgId !== undefined && support !== "true")
    throw invalidFields({
      active_org_id: { code: "invalid_value", message: "An active org needs with_active_org_support=true" },
    });
  return support === "true" ? orgId : undefined;
}
