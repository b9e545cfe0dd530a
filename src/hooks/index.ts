// The React layer ("orgauth/react"): a server-safe half (errors, key factories, query and mutation options, types)
// and a client half (provider, hooks, guards, components, generated hooks). The testing kit is its own entry,
// "orgauth/testing" (src/testing).
export * from "./server-safe.js";
export * from "./client.js";
