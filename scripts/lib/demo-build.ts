/**
 * The demo built once and served as files (startDemo's `serve: "built"`, what the e2e tests load): a development
 * build of `example/` (React's dev checks and StrictMode as under the dev server, nothing minified) into a fresh
 * temporary folder, served by Vite's preview server with the same proxy and middleware. A fresh browser context then
 * loads a few files instead of every module of the app, each transformed and fetched on its own.
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, type InlineConfig, type Plugin, preview, type ProxyOptions } from "vite";

/** The app's running Vite server, dev or preview. */
export interface DemoApp {
  server: { httpServer: { address(): AddressInfo | string | null } | null };
  stop(): Promise<void>;
}

/** Where and how the app listens. */
interface DemoListen {
  host: string;
  port: number;
  strictPort: boolean;
  proxy: Record<string, ProxyOptions>;
}

/** Builds the demo with `config` into a temporary folder and serves it there; `stop()` also removes the folder. */
export async function serveBuiltDemo(config: InlineConfig, plugin: Plugin, listen: DemoListen): Promise<DemoApp> {
  const outDir = await mkdtemp(join(tmpdir(), "orgauth-demo-build-"));
  try {
    await build({
      ...config,
      mode: "development",
      define: { ...config.define, "process.env.NODE_ENV": JSON.stringify("development") },
      build: { outDir, emptyOutDir: true, minify: false, reportCompressedSize: false },
    });
    const server = await preview({ ...config, plugins: [plugin], build: { outDir }, preview: listen });
    return {
      server,
      stop: async () => {
        await server.close();
        await rm(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }
}
