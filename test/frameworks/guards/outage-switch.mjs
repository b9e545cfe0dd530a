// Preloaded into the guard examples' servers (node --import): while the file $ORGAUTH_OUTAGE_FILE exists, every
// fetch fails as a network failure does, so the test can take the auth host away from one running process.
import { existsSync } from "node:fs";

const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) =>
  existsSync(process.env.ORGAUTH_OUTAGE_FILE ?? "")
    ? Promise.reject(new TypeError("fetch failed (the test's outage)"))
    : realFetch(input, init);
