// The testing kit for users' own tests: a static provider that makes no requests, a Prism-backed client, and the emulator.
export {
  createStaticAuthClient,
  makeAuthInfo,
  makeOrgMembership,
  makeUser,
  type StaticAuthClient,
  type StaticAuthClientOptions,
} from "./static-auth-client.js";
export { StaticAuthProvider, type StaticAuthProviderProps } from "./static-auth-provider.js";
export {
  createPrismAuthClient,
  type PrismAuthClient,
  type PrismAuthClientOptions,
  type RecordedRequest,
} from "./prism-auth-client.js";
// The local provider emulator for Node test suites (a real server with state; not for browsers or production).
export { createEmulator, type TestEmulator } from "./emulator.js";
export { demoSeed, DEMO_IDS, DEMO_PASSWORD } from "../emulator/demo-seed.js";
export type { EmulatorSeed, EmulatorSettings, OutboxMessage } from "../emulator/index.js";
