import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** A plain React single-page app: the auth URL comes from VITE_AUTH_URL at build (or dev-server) time. */
export default defineConfig({
  plugins: [react()],
});
