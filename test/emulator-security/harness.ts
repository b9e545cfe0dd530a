import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";
import {
  demoSeed,
  DEMO_PASSWORD,
  type EmulatorOptions,
  type EmulatorSettings,
  type RunningEmulator,
  startEmulator,
} from "../../src/emulator/index.js";

/** What a raw request got back. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The parts of a raw request: any method, path (sent as is, malformed escapes included), headers and body. */
export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * Sends one request with node:http, so that every header a browser or an attacker could send (Host, Origin,
 * Sec-Fetch-Site) goes out exactly as given, and the path is not normalized.
 */
export function raw(baseUrl: string, req: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const headers = { ...req.headers };
  const framed = Object.keys(headers).some((name) => /^(content-length|transfer-encoding)$/i.test(name));
  // Node frames no body of a GET, DELETE or OPTIONS by itself; unframed bytes would be read as the next request.
  if (req.body !== undefined && !framed) headers["Content-Length"] = String(Buffer.byteLength(req.body));
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: hostname, port, method: req.method ?? "GET", path: req.path, headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () =>
          resolve({
            status: answer.statusCode ?? 0,
            headers: answer.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        answer.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    // A request the emulator never answers is a failure of its own, named, not a test that runs out of time.
    outgoing.setTimeout(60_000, () => {
      outgoing.destroy(new Error(`no answer within 60 s to ${req.method ?? "GET"} ${req.path}`));
    });
    outgoing.end(req.body);
  });
}

/** Writes bytes on a fresh TCP connection and returns the status line's code (for request lines node:http will not send). */
export function rawLine(baseUrl: string, bytes: string): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(0));
  });
}

/** JSON headers of an fe call (its anti-CSRF header included). */
export const feHeaders = { "Content-Type": "application/json", "X-CSRF-Token": "-.-" };

/** A started emulator for one test file, reset to the demo seed before each test, with admin helpers that send the secret. */
export interface SecurityEmulator {
  readonly url: string;
  readonly secret: string;
  readonly running: RunningEmulator;
  /** An admin call with the secret; throws unless it answers 2xx. */
  admin(method: string, path: string, body?: unknown): Promise<unknown>;
  settings(): Promise<EmulatorSettings>;
  /** Logs in with a password through the fe API (from no origin); the status and the session cookie, if any. */
  login(email: string, password?: string): Promise<{ status: number; cookie: string | null; body: string }>;
  /** The user id of a seeded user (from the session the fe API starts for them). */
  userId(email: string): Promise<string>;
}

/** Starts an emulator (demo seed, in-memory PGlite) for the calling file with `options`. */
export function useEmulator(options: Omit<EmulatorOptions, "seed"> = {}): SecurityEmulator {
  let running: RunningEmulator | undefined;
  const started = (): RunningEmulator => {
    if (!running) throw new Error("the emulator is not started");
    return running;
  };
  beforeAll(async () => {
    running = await startEmulator({ seed: demoSeed, ...options });
  });
  afterAll(() => running?.stop());
  beforeEach(() => started().reset());
  const handle: SecurityEmulator = {
    get url() {
      return started().url;
    },
    get secret() {
      return started().secret;
    },
    get running() {
      return started();
    },
    async admin(method, path, body) {
      const answer = await raw(started().url, {
        method,
        path,
        headers: { "Content-Type": "application/json", "x-emulator-secret": started().secret },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      if (answer.status >= 300) throw new Error(`admin ${method} ${path}: ${answer.status} ${answer.body}`);
      return JSON.parse(answer.body);
    },
    settings: () => handle.admin("GET", "/__emulator/settings") as Promise<EmulatorSettings>,
    async login(email, password = DEMO_PASSWORD) {
      const answer = await raw(started().url, {
        method: "POST",
        path: "/api/fe/v3/login",
        headers: feHeaders,
        body: JSON.stringify({ email, password }),
      });
      const cookie = [answer.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("__session=")) ?? null;
      return { status: answer.status, cookie: cookie?.split(";")[0] ?? null, body: answer.body };
    },
    async userId(email) {
      const { cookie } = await handle.login(email);
      const answer = await raw(started().url, { path: "/api/v1/refresh_token", headers: { Cookie: cookie ?? "" } });
      return (JSON.parse(answer.body) as { user: { user_id: string } }).user.user_id;
    },
  };
  return handle;
}

/** The demo seed's first user. */
export const ADA = "ada@acme.example";
