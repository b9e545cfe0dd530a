import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createTokenSigner } from "./tokens/access-tokens.js";
import type { EmulatorContext } from "./store/context.js";
import { readSettings } from "./store/context.js";
import { errorBody, ProviderError } from "./http/errors.js";
import { assertStorable } from "./http/characters.js";
import { guardRequest } from "./http/guard.js";
import { parseCookies, preflight, readBody, type Reply, Router, send } from "./http/http.js";
import { openIdentityStore, truncateIdentity } from "./db/identity.js";
import { createOriginPolicy, type OriginPolicy } from "./http/origins.js";
import { isLoopbackHost } from "../shared/loopback.js";
import { readOutbox, type OutboxMessage } from "./store/outbox.js";
import { accountPages } from "./pages/account-pages.js";
import { authPages } from "./pages/auth-pages.js";
import { externalPages } from "./pages/external-pages.js";
import { linkPages } from "./pages/link-pages.js";
import { magicLinkPage } from "./pages/magic-link-page.js";
import { landingPage } from "./pages/landing-page.js";
import { accountRoutes } from "./routes/account.js";
import { adminUiRoutes, RequestLog, type RequestLogWriter } from "./admin-ui/index.js";
import { type AdminActions, adminRoutes } from "./routes/admin.js";
import { browserSignInRoutes } from "./routes/browser-sign-in.js";
import { apiKeyRoutes } from "./routes/api-keys.js";
import { emailFlowRoutes } from "./routes/email-flows.js";
import { keyRoutes } from "./routes/keys.js";
import { loginRoutes } from "./routes/login.js";
import { membershipChangeRoutes } from "./routes/membership-changes.js";
import { membershipListRoutes } from "./routes/membership-lists.js";
import { orgRoutes } from "./routes/orgs.js";
import { sessionRoutes } from "./routes/session.js";
import { serverSessionRoutes } from "./routes/server-session.js";
import { backendApiKeyRoutes } from "./routes/backend-api-keys.js";
import { backendMemberRoutes } from "./routes/backend-members.js";
import { backendOrgRoutes } from "./routes/backend-orgs.js";
import { backendTokenRoutes } from "./routes/backend-tokens.js";
import { backendUserReadRoutes } from "./routes/backend-user-reads.js";
import { backendRoleMappingRoutes } from "./routes/backend-role-mappings.js";
import { backendSamlRoutes } from "./routes/backend-saml.js";
import { backendUnimplementedRoutes } from "./routes/backend-unimplemented.js";
import { backendUserMfaRoutes } from "./routes/backend-user-mfa.js";
import { backendUserSignupRoutes } from "./routes/backend-user-signup.js";
import { backendUserWriteRoutes } from "./routes/backend-user-writes.js";
import { backendMagicLinkRoutes } from "./routes/backend-magic-links.js";
import { backendMigrationRoutes } from "./routes/backend-migration.js";
import { ssrAuthorizePage } from "./pages/ssr-authorize.js";
import { loadIntegrationKey } from "./tokens/integration-key.js";
import { migrateEmulator, truncateEmulator } from "./db/schema.js";
import { applySeed, type EmulatorSeed } from "./seeds/seed.js";
import type { SeedProgress } from "./seeds/seed-passwords.js";
import { exportSeed } from "./seeds/seed-export.js";
import { parseSeed } from "./seeds/seed-validate.js";
import { loadSigningKey } from "./tokens/signing-key.js";
import { duringStartLock } from "./db/start-lock.js";
import type { EmulatorSettings } from "./store/settings.js";
import { randomToken } from "./tokens/secrets.js";
import type { SqlPort } from "./db/sql.js";
import { writeSettings } from "./store/context.js";
import { EmulatorStartError } from "./startup/start-error.js";
import { checkHttpUrl, checkListenable, checkPort, listenFailure } from "./startup/start-checks.js";
import { openStorage } from "./startup/storage.js";
import { terminalSink } from "./terminal-log.js";
import { EMULATOR_VERSION } from "./startup/version.js";

/** How to start an emulator. */
export interface EmulatorOptions {
  /** Interface to listen on; 127.0.0.1 by default. Anything but loopback needs `allowNonLoopback`. */
  host?: string;
  /** Port; 0 (the default) picks a free one. */
  port?: number;
  allowNonLoopback?: boolean;
  /** State applied at start and again after every reset; checked first (an invalid seed throws SeedError). */
  seed?: EmulatorSeed;
  /**
   * Where the progress of hashing a big seed's plain passwords goes (a line about once a second; the CLI writes them
   * to stderr); none when absent.
   */
  seedProgress?: SeedProgress;
  /** Keep PGlite's data in this directory (state survives restarts; the seed is applied only to an empty store). */
  dataDir?: string;
  /** A PostgreSQL connection string: one emulator database shared by a team (reset and seed act on it). */
  connectionString?: string;
  /** Use this open database instead (a PGlite instance, a pg Pool); the caller closes it. */
  database?: SqlPort;
  /** The origin links in e-mails and redirects use, when the emulator sits behind another origin (a dev server's proxy). */
  publicUrl?: string;
  /** The clock (for tests); the real one by default. */
  now?: () => Date;
  /** The admin API's secret (header `x-emulator-secret`); a random one per start by default. */
  adminSecret?: string;
  /**
   * The integration API key an app's server sends (`Authorization: Bearer`): stored with the data, for every process
   * on the database. Default: the stored one, made on first start (kept with `dataDir` / `connectionString`).
   */
  apiKey?: string;
  /**
   * The app origins allowed to call with credentials (CORS) and to be returned to after a hosted page: exact
   * origins (`https://app.example`) or any port of a host (`http://localhost:*`). Default: the loopback hosts.
   */
  allowedOrigins?: readonly string[];
  /** Host names to answer to besides the loopback ones (a name in /etc/hosts, a LAN address); others are refused. */
  allowedHosts?: readonly string[];
  /** Called with one line per request (ISO time, method, path, status, error code, duration); no log when absent. */
  log?: RequestLogWriter;
}

/** A running emulator. */
export interface RunningEmulator {
  /** Where it listens. */
  url: string;
  /** The admin API's secret: send it as the `x-emulator-secret` header. */
  secret: string;
  /** The admin UI's address, carrying the secret as `?token=` (opening it gives the browser the admin cookie). */
  adminUiUrl: string;
  /** The auth URL an app and its backend are given: `publicUrl` when set, else `url`. */
  authUrl: string;
  /** What the provider's backend library needs to verify this emulator's tokens offline. */
  tokenVerification: { verifierKey: string; issuer: string };
  /** The integration API key an app's server sends as `Authorization: Bearer` (its `PROPELAUTH_API_KEY`). */
  apiKey: string;
  /** Wipes all state and applies the start seed again. */
  reset(): Promise<void>;
  /** Adds a seed to the current state. */
  seed(seed: EmulatorSeed): Promise<void>;
  /** The outbox, newest first (optionally only e-mails to one address). */
  outbox(to?: string): Promise<OutboxMessage[]>;
  /** Changes project settings (what is turned on, limits). */
  configure(changes: Partial<EmulatorSettings>): Promise<EmulatorSettings>;
  /** The current state as a seed (what `--seed` starts an emulator with, in the same state). */
  exportSeed(): Promise<EmulatorSeed>;
  stop(): Promise<void>;
}

/** Whether a host name is a loopback interface (the one check, `isLoopbackHost`). */
export const isLoopback = (host: string): boolean => isLoopbackHost(host);

/** Starts the emulator: checks the options, opens storage, migrates, seeds an empty store, and listens. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const startSeed = parseSeed(options.seed ?? {}, "the start seed");
  const seedOptions = { ...(options.seedProgress && { progress: options.seedProgress }) };
  const host = options.host ?? "127.0.0.1";
  if (!isLoopback(host) && !options.allowNonLoopback) {
    throw new EmulatorStartError(
      "host",
      `The emulator listens on loopback only; ${host} needs allowNonLoopback (--allow-non-loopback). It is not for production.`,
    );
  }
  const listenPort = checkPort(options.port ?? 0);
  if (options.publicUrl) checkHttpUrl(options.publicUrl, "public URL", "--public-url http://localhost:3000");
  await checkListenable(host, listenPort);
  const opened = await openStorage(options);
  const db = opened.db;
  const now = options.now ?? (() => new Date());
  let apiKey = "";
  const ctx = await duringStartLock(await opened.pool(), async () => {
    const identity = await openIdentityStore(db, now);
    await migrateEmulator(db);
    const signingKey = await loadSigningKey(db);
    apiKey = await loadIntegrationKey(db, options.apiKey);
    const started: EmulatorContext = {
      db,
      identity,
      baseUrl: "http://127.0.0.1",
      now,
      signer: createTokenSigner(signingKey, () => new URL(started.baseUrl).origin),
      settings: () => readSettings(db),
    };
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from emu_profiles");
    if ((rows[0]?.n ?? 0) === 0) await applySeed(started, startSeed, seedOptions);
    return started;
  });
  const reset = () =>
    applySeed(ctx, startSeed, {
      ...seedOptions,
      clearFirst: async (tx) => {
        await truncateIdentity(tx);
        await truncateEmulator(tx);
      },
    });

  const ownOrigins: string[] = [];
  const policy = createOriginPolicy({
    allowedOrigins: options.allowedOrigins,
    allowedHosts: [...(options.allowedHosts ?? []), ...(isLoopback(host) ? [] : [host])],
    ownOrigins: () => ownOrigins,
  });
  const secret = options.adminSecret ?? randomToken(24);
  const requestLog = new RequestLog(now, options.log ? terminalSink(options.log) : undefined);
  const router = createRouter(
    ctx,
    { reset, seed: (seed) => applySeed(ctx, seed), exportSeed: () => exportSeed(ctx) },
    secret,
    requestLog,
  );

  const server = createServer((req, res) => {
    requestLog.watch(req, res);
    void handle(router, policy, secret, req, res, requestLog);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(listenPort, host, () => resolve());
    });
  } catch (error) {
    await opened.close();
    throw listenFailure(error, host, listenPort);
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`;
  ctx.baseUrl = options.publicUrl ?? url;
  ownOrigins.push(new URL(url).origin, new URL(ctx.baseUrl).origin);
  return {
    url,
    authUrl: ctx.baseUrl,
    tokenVerification: { verifierKey: ctx.signer.pem(), issuer: ctx.signer.issuer() },
    apiKey,
    secret,
    adminUiUrl: `${url}/__emulator/ui?token=${encodeURIComponent(secret)}`,
    reset,
    seed: (seed) => applySeed(ctx, seed),
    outbox: (to) => readOutbox(ctx, to),
    configure: (changes) => writeSettings(db, changes),
    exportSeed: () => exportSeed(ctx),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await opened.close();
    },
  };
}

/** Every route of the emulator (fe API, backend API, hosted pages, admin API and its UI) on one router. */
export function createRouter(
  ctx: EmulatorContext,
  actions: AdminActions,
  adminSecret: string,
  requestLog: RequestLog = new RequestLog(() => new Date()),
): Router {
  const router = new Router();
  for (const register of [
    sessionRoutes,
    serverSessionRoutes,
    backendUserReadRoutes,
    backendUserWriteRoutes,
    backendOrgRoutes,
    backendMemberRoutes,
    backendApiKeyRoutes,
    backendTokenRoutes,
    backendMagicLinkRoutes,
    backendMigrationRoutes,
    backendRoleMappingRoutes,
    backendSamlRoutes,
    backendUserMfaRoutes,
    backendUserSignupRoutes,
    backendUnimplementedRoutes,
    loginRoutes,
    emailFlowRoutes,
    accountRoutes,
    orgRoutes,
    membershipListRoutes,
    membershipChangeRoutes,
    apiKeyRoutes,
    keyRoutes,
    linkPages,
    magicLinkPage,
    accountPages,
    authPages,
    ssrAuthorizePage,
    externalPages,
  ]) {
    register(router, ctx);
  }
  landingPage(router, ctx, EMULATOR_VERSION);
  adminRoutes(router, ctx, actions);
  browserSignInRoutes(router, ctx);
  adminUiRoutes(router, ctx, requestLog, adminSecret);
  return router;
}

/** The request's URL; a request target that is not a path (e.g. `http://[`) is a 400. */
function requestUrl(req: IncomingMessage): URL {
  try {
    return new URL(req.url ?? "/", "http://emulator");
  } catch (error) {
    throw new ProviderError(400, "bad_request", "The request target is not a valid path", undefined, { cause: error });
  }
}

/** Every value of the query string by name (a name may repeat). */
function queryValues(url: URL): Record<string, string[]> {
  return Object.fromEntries([...new Set(url.searchParams.keys())].map((name) => [name, url.searchParams.getAll(name)]));
}

/** Routes one HTTP request after the guard; every failure becomes the contract's error body, never a crash. */
async function handle(
  router: Router,
  policy: OriginPolicy,
  secret: string,
  req: IncomingMessage,
  res: ServerResponse,
  requestLog: RequestLog,
): Promise<void> {
  let cors: string | null = null;
  const answer = (reply: Reply): void => {
    requestLog.noteReply(res, reply);
    send(res, reply, cors);
  };
  try {
    const url = requestUrl(req);
    const guard = guardRequest(req, url.pathname, policy, secret);
    if (guard.refused) {
      req.resume();
      const { status, code, message } = guard.refused;
      return answer({ status, json: errorBody(code, message) });
    }
    cors = guard.corsOrigin;
    if (req.method === "OPTIONS") return preflight(req, res, cors);
    const found = router.match(req.method ?? "GET", url.pathname);
    if (!found) return answer({ status: 404, json: errorBody("not_found", "Not found") });
    if (url.pathname.startsWith("/api/fe/v3/") && req.headers["x-csrf-token"] !== "-.-") {
      throw new ProviderError(400, "invalid_request_fields", "Missing anti-CSRF header", {
        "X-CSRF-Token": { code: "required", message: "The X-CSRF-Token header is required" },
      });
    }
    const { body, form } = await readBody(req);
    assertStorable({ path: found.params, query: queryValues(url), body });
    const reply = await found.handler({
      method: req.method ?? "GET",
      url,
      params: found.params,
      headers: req.headers,
      cookies: parseCookies(req.headers.cookie),
      body,
      form,
      redirectAllowed: (href) => policy.redirectAllowed(href, req.headers.host),
      isOwnOrigin: (origin) => policy.isOwn(origin, req.headers.host),
    });
    answer(reply);
  } catch (error) {
    if (error instanceof ProviderError)
      return answer({ status: error.status, json: error.body(), headers: error.headers() });
    console.error("[emulator] unexpected error:", error);
    answer({ status: 500, json: errorBody("unexpected_error", "An unexpected error has occurred") });
  }
}
