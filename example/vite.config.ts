import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The demo app's Vite config. `orgauth` and `orgauth/react` resolve to the library's sources, so the demo
 * always runs the code in this repository. The `/api` proxy to Prism is added by `npm run demo`
 * (scripts/lib/demo-server.ts), which knows Prism's port.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^orgauth\/react$/, replacement: fileURLToPath(new URL("../src/react.ts", import.meta.url)) },
      { find: /^orgauth$/, replacement: fileURLToPath(new URL("../src/index.ts", import.meta.url)) },
    ],
  },
  cacheDir: "../node_modules/.vite/orgauth-demo",
  build: { outDir: "dist", emptyOutDir: true },
});
