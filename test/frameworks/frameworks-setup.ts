import { basename, join } from "node:path";
import type { TestProject } from "vitest/node";
import { createPackedApp } from "../../scripts/lib/packed-app.js";
import { freePort } from "../../scripts/lib/prism.js";
import { createEmulator } from "../../src/emulator/index.js";
import { copyExample, runIn, serve } from "./example-apps.js";
import { frameworkSeed } from "./seed.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The emulator both examples use as their auth URL. */
    frameworksEmulatorUrl: string;
    /** examples/nextjs, built from the packed package and served by `next start`. */
    nextUrl: string;
    /** examples/vite, built from the packed package and served by `vite preview`. */
    viteUrl: string;
    /** What `vite build` printed (warnings included). */
    viteBuildOutput: string;
    /** Where examples/vite was copied to and built (in the throwaway app beside its node_modules). */
    viteDir: string;
    /** The file name `npm pack` gave the tarball (the examples' package.json install it). */
    tarballName: string;
  }
}

/**
 * Packs the package once, builds both examples against it (at the same time), and serves them on 127.0.0.1 with
 * the emulator (seeded with test/frameworks/seed.ts) as their auth URL. Everything stops after the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
  const app = createPackedApp();
  const packed = performance.now();
  const emulator = await createEmulator({ seed: frameworkSeed });
  const stops: (() => Promise<void>)[] = [() => emulator.stop(), async () => app.remove()];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const bin = (path: string) => join(app.dir, "node_modules", path);
    const nextDir = copyExample("nextjs", app.dir);
    const viteDir = copyExample("vite", app.dir);
    const telemetryOff = { NEXT_TELEMETRY_DISABLED: "1" };
    const [, viteBuildOutput] = await Promise.all([
      runIn(nextDir, [bin("next/dist/bin/next"), "build"], telemetryOff),
      runIn(viteDir, [bin("typescript/bin/tsc"), "--noEmit", "-p", "tsconfig.json"]).then(() =>
        runIn(viteDir, [bin("vite/bin/vite.js"), "build"], { VITE_AUTH_URL: emulator.url }),
      ),
    ]);
    const packing = ((packed - started) / 1000).toFixed(1);
    console.log(`frameworks: packed in ${packing} s, examples built in ${seconds(packed)} s`);
    const [nextPort, vitePort] = [await freePort(), await freePort()];
    const nextUrl = `http://127.0.0.1:${nextPort}`;
    const viteUrl = `http://127.0.0.1:${vitePort}`;
    const [next, vite] = await Promise.all([
      serve(nextDir, [bin("next/dist/bin/next"), "start", "-H", "127.0.0.1", "-p", String(nextPort)], nextUrl, {
        ...telemetryOff,
        AUTH_URL: emulator.url,
        APP_URL: nextUrl,
      }),
      serve(
        viteDir,
        [bin("vite/bin/vite.js"), "preview", "--host", "127.0.0.1", "--port", String(vitePort), "--strictPort"],
        viteUrl,
      ),
    ]);
    stops.push(next.stop, vite.stop);
    project.provide("frameworksEmulatorUrl", emulator.url);
    project.provide("nextUrl", nextUrl);
    project.provide("viteUrl", viteUrl);
    project.provide("viteBuildOutput", viteBuildOutput);
    project.provide("viteDir", viteDir);
    project.provide("tarballName", basename(app.tarball));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
