/**
 * The React adapter and the generated React Query layer: the provider, the auth hooks and guards, and one hook per
 * front-end call. The build keeps the client half in a file of its own marked "use client"; the server-safe half
 * (the error guards, key factories and query options) can be called from a React Server Component.
 *
 * @module orgauth/react
 */
export * from "./hooks/server-safe.js";
export * from "./hooks/client.js";
