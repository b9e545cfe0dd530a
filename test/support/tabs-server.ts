/**
 * The page server of the multi-tab Chromium runs (browser tests and the refresh-traffic bench): the page
 * (test/browser/page-entry.ts bundled, one auth client per tab) and a refresh endpoint on the same origin that
 * answers tokens of `lifetimeSeconds` and records when each refresh request arrived.
 */
import { bundleBrowserScript } from "./browser-script.js";
import { startLocalServer } from "./local-server.js";
import { refreshBody } from "./refresh-body.js";

/** A running page server. */
export interface TabsServer {
  readonly url: string;
  /** When each refresh request arrived (ms since the epoch). */
  readonly refreshTimes: number[];
  /** How long the tokens it hands out live. */
  lifetimeSeconds: number;
  close(): Promise<void>;
}

/** Starts the page server on 127.0.0.1. */
export async function startTabsServer(lifetimeSeconds: number): Promise<TabsServer> {
  const script = await bundleBrowserScript(new URL("../browser/page-entry.ts", import.meta.url));
  const refreshTimes: number[] = [];
  const state = { lifetimeSeconds };
  const server = await startLocalServer(
    (req, res) => {
      const path = new URL(req.url, "http://x").pathname;
      if (path === "/bundle.js") return void res.writeHead(200, { "Content-Type": "text/javascript" }).end(script);
      if (path === "/api/v1/refresh_token") {
        refreshTimes.push(Date.now());
        const body = refreshBody(Date.now(), state.lifetimeSeconds, { access_token: `tok_${refreshTimes.length}` });
        return void res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      }
      if (path === "/favicon.ico") return void res.writeHead(404).end();
      res
        .writeHead(200, { "Content-Type": "text/html" })
        .end('<!doctype html><title>t</title><script type="module" src="/bundle.js"></script>');
    },
    { record: false },
  );
  return {
    url: server.url,
    refreshTimes,
    get lifetimeSeconds() {
      return state.lifetimeSeconds;
    },
    set lifetimeSeconds(value) {
      state.lifetimeSeconds = value;
    },
    close: () => server.close(),
  };
}
