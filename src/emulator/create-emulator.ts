/** `createEmulator`: the emulator as a Node test suite starts it, on a free port with an in-memory database. */
import type { EmulatorSeed } from "./seeds/seed.js";
import type { EmulatorSettings } from "./store/settings.js";
import type { OutboxMessage } from "./store/outbox.js";
import { startEmulator, type EmulatorOptions } from "./server.js";
import { currentTotp } from "./tokens/totp.js";

/** A local provider for a test suite: its URL (the app's auth URL), resets, the outbox and the settings. */
export interface TestEmulator {
  /** The auth URL to give the app or `createAuthClient`. */
  readonly url: string;
  /** The admin API's secret: `fetch(url + "/__emulator/…", { headers: { "x-emulator-secret": secret } })`. */
  readonly secret: string;
  /** The admin UI's address, carrying the secret as `?token=`: open it in a browser (it keeps an admin cookie). */
  readonly adminUiUrl: string;
  /** What `@propelauth/node` needs to verify this emulator's tokens: `manualTokenVerificationMetadata`. */
  readonly tokenVerification: { verifierKey: string; issuer: string };
  /** The integration API key an app's server sends as `Authorization: Bearer` (its `PROPELAUTH_API_KEY`). */
  readonly apiKey: string;
  /** Wipes all state back to the seed (call it in `beforeEach`). */
  reset(): Promise<void>;
  /** Adds people and orgs to the current state. */
  seed(seed: EmulatorSeed): Promise<void>;
  /** The e-mails sent, newest first; only those to `to` when given. */
  outbox(to?: string): Promise<OutboxMessage[]>;
  /** The link of the newest e-mail to `to` (of `kind`, when given); throws when there is none. */
  latestLink(to: string, kind?: OutboxMessage["kind"]): Promise<string>;
  /** Turns features on or off and changes limits (password login, signup, org limits, lockouts…). */
  configure(changes: Partial<EmulatorSettings>): Promise<EmulatorSettings>;
  /** The current 6-digit code of a TOTP secret (what an authenticator app would show). */
  totp(secret: string): string;
  /** Stops the server and frees its database. */
  stop(): Promise<void>;
}

/**
 * Starts the orgauth emulator on a free 127.0.0.1 port with an in-memory database and `seed` (none by default).
 * Not for production: it is a stand-in for the hosted provider in tests and local development.
 */
export async function createEmulator(
  options: { seed?: EmulatorSeed } & Omit<EmulatorOptions, "seed" | "port"> = {},
): Promise<TestEmulator> {
  const emulator = await startEmulator({ ...options, port: 0 });
  return {
    url: emulator.url,
    secret: emulator.secret,
    adminUiUrl: emulator.adminUiUrl,
    tokenVerification: emulator.tokenVerification,
    apiKey: emulator.apiKey,
    reset: () => emulator.reset(),
    seed: (seed) => emulator.seed(seed),
    outbox: (to) => emulator.outbox(to),
    async latestLink(to, kind) {
      const message = (await emulator.outbox(to)).find((m) => kind === undefined || m.kind === kind);
      if (!message) throw new Error(`The emulator's outbox has no ${kind ?? "e-mail"} for ${to}`);
      return message.link;
    },
    configure: (changes) => emulator.configure(changes),
    totp: currentTotp,
    stop: () => emulator.stop(),
  };
}
