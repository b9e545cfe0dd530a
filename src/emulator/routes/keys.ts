import type { EmulatorContext } from "../store/context.js";
import type { Router } from "../http/http.js";
import { ok } from "../http/reply.js";

/**
 * The public half of the signing key, for an app's backend: the JWKS at `/.well-known/jwks.json` and the PEM (the
 * `verifierKey` the provider's backend library takes) at `/.well-known/verifier-key.pem`.
 */
export function keyRoutes(router: Router, ctx: EmulatorContext): void {
  router.add("GET", "/.well-known/jwks.json", async () => ok(ctx.signer.jwks()));
  router.add("GET", "/.well-known/verifier-key.pem", async () => ({ status: 200, text: ctx.signer.pem() }));
}
