// Bundled by esbuild into the test page: one auth client per tab, with short intervals, exposed on window.
import { createAuthClient, tabSync } from "../../src/session/index.js";

const params = new URLSearchParams(location.search);

/** The access token this tab holds; each refresh request names it (`x-held-token`), so a test counts per token. */
let heldToken = "";
const pageFetch = window.fetch.bind(window);
window.fetch = (input, init) => {
  const request = new Request(input, init);
  if (new URL(request.url).pathname.endsWith("/refresh_token")) request.headers.set("x-held-token", heldToken);
  return pageFetch(request);
};
const answer = params.get("answer");
const client = createAuthClient({
  authUrl: location.origin,
  tabs: tabSync,
  backgroundCheckIntervalMs: Number(params.get("tick") ?? 200),
  refreshWhenSecondsRemaining: Number(params.get("threshold") ?? 2.5),
  minWakeRefreshIntervalMs: 120_000,
  crossTabSettleMs: 250,
  // ?answer=MS: how long a new tab waits for its siblings' answer (the product default when absent)
  ...(answer === null ? {} : { siblingAnswerMs: Number(answer) }),
});
const w = window as unknown as { authClient: typeof client; authStatus: string };
w.authClient = client;
w.authStatus = "loading";
client.onAccessTokenChange((token) => {
  heldToken = token ?? "";
});
client.subscribe(() => {
  w.authStatus = client.getSnapshot().status;
});
