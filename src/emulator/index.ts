/** The emulator: `startEmulator` (used by `npm run emulator`), the demo seed and the types of seeds, settings and e-mails. */
export { startEmulator, isLoopback, type EmulatorOptions, type RunningEmulator } from "./server.js";
export { demoSeed, DEMO_IDS, DEMO_PASSWORD } from "./demo-seed.js";
export type { EmulatorSeed, SeedOrg, SeedUser } from "./seed.js";
export type { EmulatorSettings } from "./settings.js";
export type { OutboxMessage } from "./outbox.js";
export { currentTotp } from "./totp.js";
