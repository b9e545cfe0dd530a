/** The emulator: `startEmulator` (used by `npm run emulator`), the demo seed and the types of seeds, settings and e-mails. */
export { startEmulator, isLoopback, type EmulatorOptions, type RunningEmulator } from "./server.js";
export { demoSeed, DEMO_PASSWORD } from "./demo-seed.js";
export type { EmulatorSeed, SeedApiKey, SeedOrg, SeedUser } from "./seed.js";
export { parseSeed, SeedError } from "./seed-validate.js";
export { readSeedFile, writeSeedFile } from "./seed-file.js";
export type { EmulatorSettings } from "./settings.js";
export type { OutboxMessage } from "./outbox.js";
export { currentTotp } from "./totp.js";
