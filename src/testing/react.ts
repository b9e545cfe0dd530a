/**
 * The testing kit's React part: a provider over a static client, for component tests.
 *
 * @module orgauth/testing/react
 */
export { StaticAuthProvider, type StaticAuthProviderProps } from "./static-auth-provider.js";
