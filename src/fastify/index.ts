/**
 * Entry "orgauth/fastify": the guards of the provider's Express library as Fastify 5 `preHandler` hooks on orgauth's
 * one guard core. Register `plugin` once (it decorates `request.auth`); each guard reads `Authorization: Bearer`,
 * finds the org with a function of the request (the `orgId` path parameter by default) and sets `request.auth`; a
 * denial is a typed JSON answer (`onDenied` replaces it), a failure that is the server's goes to Fastify's error
 * handler, and an outage of the auth host is a 503.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { type CallerAuth, type CallerAuthOptions, createCallerAuth } from "../server/caller.js";
import { type GuardDenial, type GuardRule, runGuard } from "../server/guard.js";
import { type GuardDefaults, type GuardSet, guardSet } from "../server/guard-set.js";
import type { RequestAuth } from "../server/request-auth.js";

export * from "../server/guard-errors.js";
export type * from "../server/guard-exports.js";

declare module "fastify" {
  interface FastifyRequest {
    /** What an orgauth guard found: the caller and the route org's membership; null where no guard ran. */
    auth: RequestAuth | null;
  }
}

/** A guard: a `preHandler` hook. */
export type FastifyGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Options of `createFastifyAuth`: the project (see `CallerAuthOptions`), the guards' defaults, the denial's writer. */
export interface FastifyAuthOptions extends CallerAuthOptions, GuardDefaults<FastifyRequest> {
  /** Writes a denial (401, 403, 429, 503). Default: `reply.code(status).send({ error_code, message, reason })`. */
  onDenied?: (denial: GuardDenial, request: FastifyRequest, reply: FastifyReply) => void | Promise<void>;
}

/** The plugin to register, the guards, and the "who is calling" core they share. */
export interface FastifyAuth extends GuardSet<FastifyRequest, FastifyGuard> {
  /** Decorates `request.auth` (null until a guard sets it); registered at the root, not encapsulated. */
  readonly plugin: FastifyPluginAsync;
  /** The "who is calling" core, for checks the guards do not cover. */
  readonly callers: CallerAuth;
}

/** Writes the denial as JSON, with `Retry-After` for a 429 or 503. */
async function sendDenial(denial: GuardDenial, _request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { status, retryAfterSeconds, ...body } = denial;
  reply.code(status).header("Cache-Control", "no-store");
  if (retryAfterSeconds !== undefined) reply.header("Retry-After", String(retryAfterSeconds));
  await reply.send(body);
}

/** The `orgId` path parameter. */
const orgIdParameter = (request: FastifyRequest): string | undefined =>
  (request.params as Record<string, string | undefined> | undefined)?.orgId;

/** Creates the Fastify guards of a project; throws `ServerConfigurationError` for options that cannot work. */
export function createFastifyAuth(options: FastifyAuthOptions): FastifyAuth {
  const callers = createCallerAuth(options);
  const onDenied = options.onDenied ?? sendDenial;
  const hook =
    (ruleOf: (request: FastifyRequest) => GuardRule): FastifyGuard =>
    async (request, reply) => {
      const outcome = await runGuard(callers, request.headers.authorization, ruleOf(request));
      if (!outcome.ok) return onDenied(outcome.denial, request, reply);
      request.auth = Object.freeze({ caller: outcome.caller, org: outcome.org });
    };
  const plugin: FastifyPluginAsync = async (fastify) => {
    fastify.decorateRequest("auth", null);
  };
  // what fastify-plugin does: the decoration reaches the routes of the instance that registers it
  Object.assign(plugin, { [Symbol.for("skip-override")]: true, [Symbol.for("fastify.display-name")]: "orgauth" });
  return { ...guardSet(options, orgIdParameter, hook), plugin, callers };
}
