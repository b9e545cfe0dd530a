/** Signing a user in to an app's server session through the emulator's hosted login, as a browser does. */
import { expect } from "vitest";
import { DEMO_PASSWORD } from "../../src/emulator/index.js";
import type { ServerAuth } from "../../src/server/index.js";
import { createCookieFetch } from "../../src/testing/index.js";
import { type BrowserJar, locationOf } from "../support/browser-jar.js";

/** A browser signed in as `email` (Ada by default) at the emulator (its own cookie jar), as the hosted login leaves it. */
export async function signedInAtAuthHost(emulatorUrl: string, email = "ada@acme.example"): Promise<typeof fetch> {
  const browser = createCookieFetch();
  const login = await browser(`${emulatorUrl}/api/fe/v3/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  return browser;
}

/** The app's login route → the emulator's authorize → back to the callback → the cookie check → the return path. */
export async function signIn(jar: BrowserJar, authHost: typeof fetch, auth: ServerAuth, app: string, returnTo: string) {
  const authorize = locationOf(await jar.send(auth, `${app}/api/auth/login?return_to_path=${returnTo}`));
  const back = await authHost(authorize);
  const callback = await jar.send(auth, locationOf(back));
  if (callback.status !== 302) return callback;
  return jar.send(auth, locationOf(callback));
}
