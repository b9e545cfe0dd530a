/**
 * The emulator's one request log: one listener per request, one list of quiet paths, and two sinks — the ring
 * buffer of recent requests the admin UI reads live, and (when the emulator logs) the terminal's line.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Reply } from "../http/http.js";

/** One answered request, as the admin UI lists it. */
export interface LoggedRequest {
  /** Increasing number: read `after` the last one seen to get only newer entries. */
  id: number;
  at: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/** One answered request, as the terminal's sink gets it: the exact duration and the error code of an error answer. */
export interface AnsweredRequest {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  errorCode: string | undefined;
}

/** Where the terminal's request log goes: one line per request. */
export type RequestLogWriter = (line: string) => void;

/** How many requests the ring buffer keeps. */
const REQUEST_LOG_SIZE = 500;

/** The admin UI's own polling, left out of both sinks so they show the app's traffic. */
const QUIET_PATHS = new Set(["/__emulator/requests"]);

/** The `error_code` of a JSON error answer, or undefined. */
function errorCodeOf(reply: Reply): string | undefined {
  if (reply.status < 400 || typeof reply.json !== "object" || reply.json === null) return undefined;
  const code = (reply.json as { error_code?: unknown }).error_code;
  return typeof code === "string" && /^[\w.-]{1,64}$/.test(code) ? code : undefined;
}

/** The request log: `watch` each request, `noteReply` its answer before it is sent, `after` for the admin UI. */
export class RequestLog {
  private readonly entries: LoggedRequest[] = [];
  private readonly codes = new WeakMap<ServerResponse, string>();
  private next = 1;

  /** `now` dates the admin UI's entries (the emulator's clock); `onAnswered` is the terminal's sink, if any. */
  constructor(
    private readonly now: () => Date,
    private readonly onAnswered?: (answered: AnsweredRequest) => void,
  ) {}

  /** Records `req` once its answer is sent, in both sinks. */
  watch(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    // The request target as sent, up to its query: a target that URL cannot parse (`//?x`) is logged, never thrown on.
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (QUIET_PATHS.has(path)) return;
    res.once("finish", () => {
      const durationMs = performance.now() - started;
      const method = req.method ?? "GET";
      this.onAnswered?.({ method, path, status: res.statusCode, durationMs, errorCode: this.codes.get(res) });
      const at = this.now().toISOString();
      this.entries.push({ id: this.next++, at, method, path, status: res.statusCode, ms: Math.round(durationMs) });
      if (this.entries.length > REQUEST_LOG_SIZE) this.entries.shift();
    });
  }

  /** Remembers the error code of the reply about to be sent on `res` (none for a success). */
  noteReply(res: ServerResponse, reply: Reply): void {
    const code = errorCodeOf(reply);
    if (code) this.codes.set(res, code);
  }

  /** The entries newer than `afterId`, oldest first. */
  after(afterId: number): LoggedRequest[] {
    return this.entries.filter((entry) => entry.id > afterId);
  }
}
