/**
 * The testing kit for an app's own tests, safe in Node without React: a static client that makes no requests,
 * factories, a Prism-backed client, and fetches that keep cookies (`createNodeFetch` where jsdom has no fetch). Its React part is `orgauth/testing/react`; the emulator is `orgauth/emulator`.
 *
 * @module orgauth/testing
 */
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
export { createNodeFetch } from "./node-fetch.js";
export {
  type BrowserCookie,
  type CookieTakingContext,
  type SignInBrowserOptions,
  signInBrowser,
} from "./browser-sign-in.js";
export { BrowserSignInError, StaticClientRequestError } from "./testing-errors.js";
