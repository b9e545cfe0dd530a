// `orgauth/testing/react`: the testing kit's React part — a provider over a static client, for component tests.
export { StaticAuthProvider, type StaticAuthProviderProps } from "./static-auth-provider.js";
