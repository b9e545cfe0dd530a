/**
 * The demo's backend on the emulator: the emulator answers every call with real state, behind Prism's validating
 * proxy (a call or answer that breaks the contract shows up as a 422 or 500 and is counted), except calls that carry
 * a `Prefer` header (the scenario toolbar picked a documented answer: rate limited, server error, locked…), which
 * the Prism mock answers from the contract's examples.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { demoSeed, startEmulator } from "../../src/emulator/index.js";
import { startPrism } from "./prism.js";
import { startPrismProxy } from "./prism-proxy.js";

/** A running demo backend. */
export interface DemoBackend {
  /** Where the app's `/api` goes: the router in front of the emulator and Prism. */
  url: string;
  emulatorUrl: string;
  /** The emulator's admin secret (header `x-emulator-secret`). */
  emulatorSecret: string;
  prismUrl: string;
  /** The contract violations Prism's proxy reported so far (method, path and what it said). */
  violations(): string[];
  stop(): Promise<void>;
}

function forward(target: string, req: IncomingMessage, res: ServerResponse, onViolation: (what: string) => void): void {
  const url = new URL(req.url ?? "/", target);
  const upstream = httpRequest(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (answer) => {
    const violation =
      answer.headers["sl-violations"] ??
      (answer.headers["content-type"]?.includes("problem+json") ? `status ${answer.statusCode}` : undefined);
    if (violation) onViolation(`${req.method} ${url.pathname}: ${String(violation)}`);
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ error_code: "unexpected_error", user_facing_error: "An unexpected error has occurred" }));
  });
  req.pipe(upstream);
}

/** Starts the emulator (demo seed; links point at `publicUrl`, the app's origin), Prism, and the router between them. */
export async function startDemoBackend(publicUrl: string): Promise<DemoBackend> {
  const emulator = await startEmulator({ seed: demoSeed, publicUrl });
  const [prism, proxy] = await Promise.all([startPrism(), startPrismProxy(emulator.url)]);
  const violations: string[] = [];
  const router = createServer((req, res) =>
    forward(req.headers.prefer === undefined ? proxy.url : prism.url, req, res, (what) => violations.push(what)),
  );
  await new Promise<void>((resolve) => router.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(router.address() as AddressInfo).port}`,
    emulatorUrl: emulator.url,
    emulatorSecret: emulator.secret,
    prismUrl: prism.url,
    violations: () => [...violations],
    async stop() {
      router.closeAllConnections();
      await new Promise<void>((resolve) => router.close(() => resolve()));
      await Promise.all([prism.stop(), proxy.stop()]);
      await emulator.stop();
    },
  };
}
