// Bundled by esbuild into the test page: one auth client per tab, with short intervals, exposed on window.
import { createAuthClient, tabSync } from "../../src/session/index.js";

const params = new URLSearchParams(location.search);
const client = createAuthClient({
  authUrl: location.origin,
  tabs: tabSync,
  backgroundCheckIntervalMs: Number(params.get("tick") ?? 200),
  refreshWhenSecondsRemaining: Number(params.get("threshold") ?? 2.5),
  minWakeRefreshIntervalMs: 120_000,
  crossTabSettleMs: 250,
});
const w = window as unknown as { authClient: typeof client; authStatus: string };
w.authClient = client;
w.authStatus = "loading";
client.subscribe(() => {
  w.authStatus = client.getSnapshot().status;
});
