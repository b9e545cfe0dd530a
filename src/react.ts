// Entry "orgauth/react": the React adapter and the generated React Query layer. The build keeps the client half
// (./hooks/client.ts) in a file of its own marked "use client" (tsup.config.ts); this file and the server-safe half
// are not marked, so a React Server Component can call the error guards, key factories and query options.
export * from "./hooks/server-safe.js";
export * from "./hooks/client.js";
