import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";

/**
 * A plain React single-page app: the auth URL comes from VITE_AUTH_URL at build (or dev-server) time, so a build or
 * a dev server without it stops here instead of producing an app that only throws in the browser.
 */
export default defineConfig(({ mode, isPreview }) => {
  if (!isPreview && !loadEnv(mode, ".", "VITE_").VITE_AUTH_URL) {
    throw new Error(
      "Set VITE_AUTH_URL to your auth URL (in development, the emulator's: VITE_AUTH_URL=http://127.0.0.1:4020), in the environment or in .env",
    );
  }
  return { plugins: [react()] };
});
