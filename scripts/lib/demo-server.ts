/**
 * The demo: Prism on the contract plus a Vite server of `example/`, with `/api` proxied to Prism so the app talks
 * to its own origin (cookies and CORS behave as in production). Used by `npm run demo` (the dev server) and by the
 * e2e tests (one development build, served as files).
 */
import { join } from "node:path";
import { createServer, type Plugin, type ProxyOptions } from "vite";
import { type DemoApp, serveBuiltDemo } from "./demo-build.js";
import { attachDemoSessionState, restartLogin, RESTART_LOGIN_PATH, type ProxyEvents } from "./demo-session-state.js";
import { startDemoBackend } from "./demo-backend.js";
import { freePort, startPrism } from "./prism.js";
import { repoRoot } from "./repo-root.js";

/** A running demo. */
export interface DemoServer {
  /** The app's URL (http://127.0.0.1:PORT/). */
  url: string;
  /** Prism's own URL (the app never calls it directly). */
  prismUrl: string;
  /** On the emulator backend: the emulator's own URL (its admin API lives under `/__emulator`). */
  emulatorUrl?: string;
  /** On the emulator backend: its admin secret (header `x-emulator-secret`). */
  emulatorSecret?: string;
  /** On the emulator backend: the contract violations Prism's validating proxy reported so far. */
  violations?: () => string[];
  stop(): Promise<void>;
}

/** Options of `startDemo`. */
export interface DemoOptions {
  /** Port of the app (default: a free one). */
  port?: number;
  /** Fail when `port` is taken instead of trying the next one (default true). */
  strictPort?: boolean;
  /** Print Vite's logs (default false). */
  verbose?: boolean;
  /**
   * "prism" (the default): every call answered from the contract's examples. "emulator": the emulator answers with
   * real state, and only calls carrying a `Prefer` header (the scenario toolbar) go to Prism.
   */
  backend?: "prism" | "emulator";
  /**
   * "dev" (the default): Vite's dev server, each module transformed on request, for working on the demo. "built":
   * one development build (React's checks and StrictMode on, as in dev) served as files by Vite's preview server,
   * so a fresh browser context loads a few files instead of every module: what the e2e tests use.
   */
  serve?: "dev" | "built";
  /** On the "prism" backend: a Prism mock already running, used instead of starting one (its starter stops it). */
  prismUrl?: string;
}

/** The emulator's own pages the app's origin passes through (e-mail links, invitations, the outbox, the JWKS). */
const EMULATOR_PAGES = ["/link", "/accept_invite", "/outbox", "/.well-known/"];

/** Starts Prism and the app's Vite server (see `serve`); `stop()` stops both. */
export async function startDemo(options: DemoOptions = {}): Promise<DemoServer> {
  const chosenPort = options.port ?? (await freePort());
  const backend = options.backend === "emulator" ? await startDemoBackend(`http://127.0.0.1:${chosenPort}`) : null;
  const prism = backend
    ? { url: backend.prismUrl, stop: () => backend.stop() }
    : options.prismUrl
      ? { url: options.prismUrl, stop: async () => {} }
      : await startPrism();
  const proxy: Record<string, ProxyOptions> = backend
    ? Object.fromEntries([
        ["/api/", { target: backend.url, changeOrigin: true }],
        ...EMULATOR_PAGES.map((path) => [path, { target: backend.emulatorUrl, changeOrigin: true }]),
      ])
    : {
        "/api/": {
          target: prism.url,
          changeOrigin: true,
          selfHandleResponse: true,
          configure: (proxy) => attachDemoSessionState(proxy as unknown as ProxyEvents),
        },
      };
  const restart: Plugin = {
    name: "orgauth-demo-restart-login",
    configureServer: (server) => void server.middlewares.use(RESTART_LOGIN_PATH, restartLogin),
    configurePreviewServer: (server) => void server.middlewares.use(RESTART_LOGIN_PATH, restartLogin),
  };
  const root = join(repoRoot, "example");
  const shared = {
    configFile: join(root, "vite.config.ts"),
    root,
    logLevel: options.verbose ? "info" : "warn",
    clearScreen: false,
    // the page words its overview, sign-in hint and toolbar for the backend it really runs on
    define: { __DEMO_BACKEND__: JSON.stringify(backend ? "emulator" : "prism") },
  } as const;
  const listen = { host: "127.0.0.1", port: chosenPort, strictPort: options.strictPort ?? true, proxy };
  let app: DemoApp;
  try {
    if (options.serve === "built") app = await serveBuiltDemo(shared, restart, listen);
    else {
      const vite = await createServer({ ...shared, plugins: [restart], server: listen });
      app = { server: vite, stop: () => vite.close() };
      await vite.listen().catch(async (error: unknown) => {
        await vite.close();
        throw error;
      });
    }
  } catch (error) {
    await prism.stop();
    throw error;
  }
  const address = app.server.httpServer?.address();
  const boundPort = typeof address === "object" && address !== null ? address.port : chosenPort;
  return {
    url: `http://127.0.0.1:${boundPort}/`,
    prismUrl: prism.url,
    ...(backend && {
      emulatorUrl: backend.emulatorUrl,
      emulatorSecret: backend.emulatorSecret,
      violations: () => backend.violations(),
    }),
    stop: async () => {
      await app.stop();
      await prism.stop();
    },
  };
}
