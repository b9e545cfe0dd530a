import { basename, join } from "node:path";
import type { TestProject } from "vitest/node";
import { createPackedApp } from "../../scripts/lib/packed-app.js";
import { freePort } from "../../scripts/lib/prism.js";
import { createEmulator, startEmulator } from "../../src/emulator/index.js";
import { buildDeclaredExamples, type ExampleBuild } from "./declared-examples.js";
import { createNext15DocsApp } from "./docs-app.js";
import { runIn, serve, type ExampleServer } from "./example-apps.js";
import { createNext16Example } from "./next16-app.js";
import { frameworkSeed, longTokenSeed, serverSessionSeed } from "./seed.js";

/** The Next.js example's servers: one build, served several times with different settings. */
export interface NextServers {
  /** The app on 127.0.0.1, the emulator on 127.0.0.1: the development default (one site). */
  main: string;
  /** The app opened as `localhost`, the emulator on 127.0.0.1. */
  appOnLocalhost: string;
  /** The app on 127.0.0.1, the emulator as `localhost` (`reverseEmulatorUrl`). */
  emulatorOnLocalhost: string;
  /** The app with an API key the auth host refuses. */
  wrongApiKey: string;
  /** The app opened on 127.0.0.1 whose redirect URI names `localhost`. */
  wrongRedirectUri: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The emulator the Vite example uses as its auth URL. */
    frameworksEmulatorUrl: string;
    /** Its integration API key (the guard examples' backend calls). */
    frameworksEmulatorApiKey: string;
    /** The emulator the Next.js example's servers use (short-lived access tokens), but `emulatorOnLocalhost`. */
    serverSessionEmulatorUrl: string;
    /** The admin secret of the Next.js example's emulator (`serverSessionEmulatorUrl`), for `signInBrowser`. */
    serverSessionEmulatorSecret: string;
    /** The second emulator, known to its app as http://localhost:PORT (long-lived access tokens, strict rotation). */
    reverseEmulatorUrl: string;
    /** The second emulator's admin secret (its request log: `GET /__emulator/requests`). */
    reverseEmulatorSecret: string;
    /** The session-only app of docs/nextjs.md: on Next.js 15 (an app of its own), on Next.js 16 (the example's copy). */
    sessionOnly: { next15: { url: string; dir: string }; next16: { url: string; dir: string } };
    /** examples/nextjs, built from the packed package and served by `next start`, once per setting. */
    next: NextServers;
    /** examples/nextjs on Next.js 16 (`proxy.ts` for `middleware.ts`, built with Turbopack), served with the main setting. */
    next16Url: string;
    /** examples/vite, built from the packed package and served by `vite preview`. */
    viteUrl: string;
    /** What `vite build` printed (warnings included). */
    viteBuildOutput: string;
    /** Where examples/vite was copied to, installed (its own node_modules) and built. */
    viteDir: string;
    /** Every folder of examples/, built outside the clone with only what it declares (declared-examples.ts). */
    exampleBuilds: Record<string, ExampleBuild>;
    /** The file name `npm pack` gave the tarball (the examples' package.json install it). */
    tarballName: string;
  }
}

/** The environment the Next.js example reads (the provider's variable names). */
function serverSessionEnv(authUrl: string, apiKey: string, verifierKey: string, redirectUri: string) {
  return {
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_PUBLIC_AUTH_URL: authUrl,
    PROPELAUTH_API_KEY: apiKey,
    PROPELAUTH_VERIFIER_KEY: verifierKey,
    PROPELAUTH_REDIRECT_URI: redirectUri,
  };
}

/**
 * Packs the package once, builds every example against it outside the clone with only what it declares (at the same
 * time, declared-examples.ts), and serves the Next.js and Vite examples on 127.0.0.1 with emulators (seeded with
 * test/frameworks/seed.ts) as their auth URL. Everything stops after the run.
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
    const ssr = await createEmulator({ seed: serverSessionSeed });
    stops.push(() => ssr.stop());
    const reversePort = await freePort();
    const reverse = await startEmulator({
      port: reversePort,
      publicUrl: `http://localhost:${reversePort}`,
      seed: longTokenSeed,
    });
    stops.push(() => reverse.stop());

    // every example copied beside the tarball, outside the clone, with only what its package.json declares
    const examplesDir = join(app.dir, "..", "examples");
    const next16Dir = createNext16Example(app);
    const next16Bin = join(next16Dir, "node_modules", "next", "dist", "bin", "next");
    const docsDir = join(app.dir, "..", "next15-docs");
    const docsBin = join(docsDir, "node_modules", "next", "dist", "bin", "next");
    let nextInstalled: (dir: string) => void = () => undefined;
    let nextFailed: (error: Error) => void = () => undefined;
    const nextExample = new Promise<string>((resolve, reject) => {
      nextInstalled = resolve;
      nextFailed = reject;
    });
    const env = { NEXT_TELEMETRY_DISABLED: "1", VITE_AUTH_URL: emulator.url };
    const [builds] = await Promise.all([
      buildDeclaredExamples(examplesDir, app.tarball, env, (name, dir) => name === "nextjs" && nextInstalled(dir)).then(
        (built) => {
          // settles the docs' app's wait when examples/nextjs did not install (a no-op when it did)
          nextFailed(new Error(`examples/nextjs did not install:\n${built.nextjs?.error}`));
          return built;
        },
      ),
      // the docs' session-only app on Next.js 15, where @tanstack/react-query cannot be resolved (its install starts
      // from the example's, which declares every package it does and that one more)
      createNext15DocsApp(app, nextExample).then(() =>
        runIn(docsDir, [docsBin, "build"], { NEXT_TELEMETRY_DISABLED: "1" }),
      ),
      // Turbopack, Next.js 16's default, as a user's `next build` runs it
      runIn(next16Dir, [next16Bin, "build"], { NEXT_TELEMETRY_DISABLED: "1" }).then((output) => {
        const built = /Turbopack/.test(output) && /Proxy \(Middleware\)/.test(output);
        if (!built) throw new Error(`next build (16) did not build the proxy with Turbopack:\n${output}`);
      }),
    ]);
    for (const name of ["nextjs", "vite"]) {
      const error = builds[name]?.error;
      if (error !== undefined) throw new Error(`examples/${name} did not build outside the clone:\n${error}`);
    }
    const nextDir = builds.nextjs!.dir;
    const viteDir = builds.vite!.dir;
    const viteBuildOutput = builds.vite!.output;
    const nextBin = join(nextDir, "node_modules", "next", "dist", "bin", "next");
    const viteBin = join(viteDir, "node_modules", "vite", "bin", "vite.js");
    const packing = ((packed - started) / 1000).toFixed(1);
    console.log(`frameworks: packed in ${packing} s, examples built in ${seconds(packed)} s`);

    const ports = {
      main: await freePort(),
      appOnLocalhost: await freePort(),
      emulatorOnLocalhost: await freePort(),
      wrongApiKey: await freePort(),
      wrongRedirectUri: await freePort(),
    };
    const loopback = (port: number) => `http://127.0.0.1:${port}`;
    const callback = (origin: string) => `${origin}/auth/callback`;
    const next: NextServers = {
      main: loopback(ports.main),
      appOnLocalhost: `http://localhost:${ports.appOnLocalhost}`,
      emulatorOnLocalhost: loopback(ports.emulatorOnLocalhost),
      wrongApiKey: loopback(ports.wrongApiKey),
      wrongRedirectUri: loopback(ports.wrongRedirectUri),
    };
    const key = ssr.tokenVerification.verifierKey;
    const settings: Record<keyof NextServers, Record<string, string>> = {
      main: serverSessionEnv(ssr.url, ssr.apiKey, key, callback(next.main)),
      appOnLocalhost: serverSessionEnv(ssr.url, ssr.apiKey, key, callback(next.appOnLocalhost)),
      emulatorOnLocalhost: serverSessionEnv(
        reverse.authUrl,
        reverse.apiKey,
        reverse.tokenVerification.verifierKey,
        callback(next.emulatorOnLocalhost),
      ),
      wrongApiKey: serverSessionEnv(ssr.url, `${ssr.apiKey}-wrong`, key, callback(next.wrongApiKey)),
      // the callback on the other host name: the login comes back where the browser keeps none of its cookies
      wrongRedirectUri: serverSessionEnv(
        ssr.url,
        ssr.apiKey,
        key,
        callback(`http://localhost:${ports.wrongRedirectUri}`),
      ),
    };
    const nextServers = (Object.keys(ports) as (keyof NextServers)[]).map((name) =>
      serve(
        nextDir,
        [nextBin, "start", "-H", "127.0.0.1", "-p", String(ports[name])],
        loopback(ports[name]),
        settings[name],
      ),
    );
    /** Serves a session-only app (Next.js 16 or the docs' on 15) on a port of its own, on the server-session emulator. */
    const startSessionOnly = async (dir: string, bin: string): Promise<string> => {
      const port = await freePort();
      const url = loopback(port);
      nextServers.push(
        serve(
          dir,
          [bin, "start", "-H", "127.0.0.1", "-p", String(port)],
          url,
          serverSessionEnv(ssr.url, ssr.apiKey, key, callback(url)),
        ),
      );
      return url;
    };
    const next16Url = await startSessionOnly(next16Dir, next16Bin);
    const docsUrl = await startSessionOnly(docsDir, docsBin);
    const vitePort = await freePort();
    const viteUrl = `http://127.0.0.1:${vitePort}`;
    const servers: ExampleServer[] = await Promise.all([
      ...nextServers,
      serve(viteDir, [viteBin, "preview", "--host", "127.0.0.1", "--port", String(vitePort), "--strictPort"], viteUrl),
    ]);
    for (const server of servers) stops.push(server.stop);
    project.provide("frameworksEmulatorUrl", emulator.url);
    project.provide("frameworksEmulatorApiKey", emulator.apiKey);
    project.provide("serverSessionEmulatorUrl", ssr.url);
    project.provide("serverSessionEmulatorSecret", ssr.secret);
    project.provide("reverseEmulatorUrl", reverse.authUrl);
    project.provide("reverseEmulatorSecret", reverse.secret);
    project.provide("sessionOnly", {
      next15: { url: docsUrl, dir: docsDir },
      next16: { url: next16Url, dir: next16Dir },
    });
    project.provide("next", next);
    project.provide("next16Url", next16Url);
    project.provide("viteUrl", viteUrl);
    project.provide("viteBuildOutput", viteBuildOutput);
    project.provide("viteDir", viteDir);
    project.provide("exampleBuilds", builds);
    project.provide("tarballName", basename(app.tarball));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
