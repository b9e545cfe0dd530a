// Entry "orgauth/react": the React adapter and the generated React Query layer.
export * from "./hooks/index.js";
