import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClient } from "@tanstack/react-query";
import { AuthProvider } from "orgauth/react";
import { App } from "./App.js";
import { authClient } from "./auth-client.js";
import "./styles.css";

/** The demo's QueryClient: no retries, so a chosen error scenario shows at once. */
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AuthProvider client={authClient} queryClient={queryClient}>
      <App />
    </AuthProvider>
  </StrictMode>,
);
