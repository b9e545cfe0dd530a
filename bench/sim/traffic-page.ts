// The page of the refresh-modes bench (bench/refresh-traffic-modes.ts), bundled by esbuild: one session client per
// tab at its default timing, chosen by `?client=`: orgauth's `createAuthClient` alone, with `tabs: tabSync`, or the
// vendor's `createClient`. Under the bench's time warp (`?factor=`) orgauth's two waits for something that is not
// the clock (a request's answer, another tab's lock) keep their default length in real time. The page server counts
// the refresh requests.
import { createClient } from "@propelauth/javascript";
import { createAuthClient, DEFAULT_TIMING, tabSync } from "../../src/session/index.js";

const params = new URLSearchParams(location.search);
const client = params.get("client");
const factor = Number(params.get("factor") ?? 1);
if (client === "vendor") createClient({ authUrl: location.origin });
else
  createAuthClient({
    authUrl: location.origin,
    timeoutMs: DEFAULT_TIMING.timeoutMs * factor,
    crossTabWaitMs: DEFAULT_TIMING.crossTabWaitMs * factor,
    ...(client === "orgauth-tabsync" ? { tabs: tabSync } : {}),
  }).start();
