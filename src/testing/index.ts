// `orgauth/testing`: the testing kit for users' own tests, safe in Node without React — a static client that makes
// no requests, factories, and a Prism-backed client. Its React part is `orgauth/testing/react`; the emulator is
// `orgauth/emulator`.
export {
  createStaticAuthClient,
  makeAuthInfo,
  makeOrgMembership,
  makeUser,
  type StaticAuthClient,
  type StaticAuthClientOptions,
} from "./static-auth-client.js";
export {
  createPrismAuthClient,
  type PrismAuthClient,
  type PrismAuthClientOptions,
  type RecordedRequest,
} from "./prism-auth-client.js";
export { createCookieFetch, type CookieFetch } from "./cookie-fetch.js";
