/**
 * `orgauth/emulator` (Node only): the local provider for test suites and local development — `createEmulator` for
 * a suite (`createBackendEmulator` / `backendKit` for a backend test: the typed backend client, access tokens and
 * API keys), `startEmulator` for a long-running server (`npm run emulator`), the demo seed, and the types of seeds,
 * settings and e-mails. It imports nothing from the client layers: a browser app never loads it.
 *
 * @module orgauth/emulator
 */
export { createEmulator, type TestEmulator } from "./create-emulator.js";
export {
  backendKit,
  createBackendEmulator,
  type BackendKit,
  type BackendTestEmulator,
  type KitUser,
} from "./backend-kit.js";
export { startEmulator, isLoopback, type EmulatorOptions, type RunningEmulator } from "./server.js";
export { EmulatorStartError, type EmulatorStartFailure } from "./startup/start-error.js";
export { demoSeed, DEMO_IDS, DEMO_PASSWORD } from "./seeds/demo-seed.js";
export type { EmulatorSeed, SeedApiKey, SeedOrg, SeedUser } from "./seeds/seed.js";
export type { SeedProgress } from "./seeds/seed-passwords.js";
export { parseSeed, SeedError } from "./seeds/seed-validate.js";
export { isOrgauthError, OrgauthError, type OrgauthErrorType } from "../shared/orgauth-error.js";
export { readSeedFile, writeSeedFile } from "./seeds/seed-file.js";
export type { EmulatorSettings, RoleMapping } from "./store/settings.js";
export type { OutboxMessage } from "./store/outbox.js";
export { currentTotp } from "./tokens/totp.js";
