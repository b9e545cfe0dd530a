// The testing kit for users' own tests: a static provider that makes no requests, and a Prism-backed client.
export {
  createStaticAuthClient,
  makeAuthInfo,
  makeOrgMembership,
  makeUser,
  type StaticAuthClient,
  type StaticAuthClientOptions,
} from "./static-auth-client.js";
export { StaticAuthProvider, type StaticAuthProviderProps } from "./static-auth-provider.js";
export { createPrismAuthClient, type PrismAuthClient, type PrismAuthClientOptions, type RecordedRequest } from "./prism-auth-client.js";
