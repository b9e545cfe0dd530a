import type { EmulatorContext } from "../store/context.js";
import { FieldMapError } from "../http/backend-errors.js";
import { invalidApiKey, ProviderError } from "../http/errors.js";
import type { Handler, Request, Router } from "../http/http.js";
import { isLoopbackHost } from "../../shared/loopback.js";
import { backendRateLimited, KeyRateLimitedError } from "../http/rate-limited.js";
import { bearsIntegrationKey } from "../tokens/integration-key.js";

/**
 * Refuses a backend call whose `X-Propelauth-url` names a host the emulator does not serve: only loopback names and
 * the host name of its own auth URL are its tenants. A call without the header is the emulator's by address.
 */
function assertServedHost(ctx: EmulatorContext, request: Request): void {
  const header = request.headers["x-propelauth-url"];
  const given = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  const own = new URL(ctx.baseUrl).hostname;
  if (given === undefined || isLoopbackHost(given) || given === own) return;
  throw new ProviderError(
    400,
    "auth_url_not_served",
    `X-Propelauth-url names ${JSON.stringify(given)}, but this emulator serves ${JSON.stringify(own)} (and any loopback host name)`,
  );
}

/** Field problems of a backend call as the provider answers them: the field map, not the front-end error body. */
function asFieldMap(error: unknown): unknown {
  if (error instanceof ProviderError && error.fields && !(error instanceof FieldMapError))
    return new FieldMapError(error.fields);
  return error;
}

/**
 * A registrar for the provider's backend API: every route it adds requires the integration API key (401 otherwise)
 * and a served `X-Propelauth-url`, answers 429 while `backendRateLimitSeconds` is set, and answers field problems as
 * field maps.
 */
export function backendRegistrar(router: Router, ctx: EmulatorContext) {
  return (method: string, path: string, handler: Handler): void => {
    router.add(method, path, async (request) => {
      if (!(await bearsIntegrationKey(ctx.db, request.headers.authorization))) throw invalidApiKey();
      assertServedHost(ctx, request);
      const limited = (await ctx.settings()).backendRateLimitSeconds;
      if (limited > 0) {
        if (path.includes("/end_user_api_keys/validate")) throw new KeyRateLimitedError(limited);
        return backendRateLimited(limited);
      }
      try {
        return await handler(request);
      } catch (error) {
        throw asFieldMap(error);
      }
    });
  };
}
