/**
 * The demo: Prism on the contract plus the Vite dev server of `example/`, with `/api` proxied to Prism so
 * the app talks to its own origin (cookies and CORS behave as in production). Used by `npm run demo` and
 * by the e2e tests.
 */
import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { attachDemoSessionState, restartLogin, RESTART_LOGIN_PATH, type ProxyEvents } from "./demo-session-state.js";
import { freePort, repoRoot, startPrism } from "./prism.js";

/** A running demo. */
export interface DemoServer {
  /** The app's URL (http://127.0.0.1:PORT/). */
  url: string;
  /** Prism's own URL (the app never calls it directly). */
  prismUrl: string;
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
}

/** Starts Prism and the Vite dev server; `stop()` stops both. */
export async function startDemo(options: DemoOptions = {}): Promise<DemoServer> {
  const prism = await startPrism();
  let vite: ViteDevServer | undefined;
  try {
    const port = options.port ?? (await freePort());
    const root = join(repoRoot, "example");
    vite = await createServer({
      configFile: join(root, "vite.config.ts"),
      root,
      logLevel: options.verbose ? "info" : "warn",
      clearScreen: false,
      plugins: [
        {
          name: "orgauth-demo-restart-login",
          configureServer: (server) => void server.middlewares.use(RESTART_LOGIN_PATH, restartLogin),
        },
      ],
      server: {
        host: "127.0.0.1",
        port,
        strictPort: options.strictPort ?? true,
        proxy: {
          "/api/": {
            target: prism.url,
            changeOrigin: true,
            selfHandleResponse: true,
            configure: (proxy) => attachDemoSessionState(proxy as unknown as ProxyEvents),
          },
        },
      },
    });
    await vite.listen();
  } catch (error) {
    await vite?.close();
    await prism.stop();
    throw error;
  }
  const server = vite;
  const address = server.httpServer?.address();
  const boundPort = typeof address === "object" && address !== null ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${boundPort}/`,
    prismUrl: prism.url,
    stop: async () => {
      await server.close();
      await prism.stop();
    },
  };
}
