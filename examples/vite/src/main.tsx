import { QueryClient } from "@tanstack/react-query";
import { AuthProvider } from "orgauth/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";

const authUrl = import.meta.env.VITE_AUTH_URL;
if (!authUrl) throw new Error("Set VITE_AUTH_URL to your auth URL (in development: the emulator's URL)");

/** One QueryClient for the app: the generated hooks cache through it. */
const queryClient = new QueryClient();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AuthProvider authUrl={authUrl} queryClient={queryClient} loadingFallback={<p role="status">Loading…</p>}>
      <App />
    </AuthProvider>
  </StrictMode>,
);
