/** The recent requests the emulator answered, newest last, in a ring buffer the admin UI reads live. */
import type { IncomingMessage, ServerResponse } from "node:http";

/** One answered request. */
export interface LoggedRequest {
  /** Increasing number: read `after` the last one seen to get only newer entries. */
  id: number;
  at: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/** Where the terminal's request log goes: one `METHOD path status time` line per request. */
export type RequestLogWriter = (line: string) => void;

/** How many requests the log keeps. */
const REQUEST_LOG_SIZE = 500;

/** The admin UI's own polling, left out so the log shows the app's traffic. */
const QUIET_PATHS = new Set(["/__emulator/requests"]);

/** A ring buffer of the last requests. */
export class RequestLog {
  private readonly entries: LoggedRequest[] = [];
  private next = 1;

  /** `write` also gets each request as a line (the terminal log); none without it. */
  constructor(private readonly write?: RequestLogWriter) {}

  /** Records `req` once its answer is sent. */
  watch(req: IncomingMessage, res: ServerResponse, now: () => Date): void {
    const started = performance.now();
    // The request target as sent, up to its query: a target that URL cannot parse (`//?x`) is logged, never thrown on.
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (QUIET_PATHS.has(path)) return;
    res.once("finish", () => {
      const ms = performance.now() - started;
      this.write?.(`${req.method ?? "GET"} ${path} ${res.statusCode} ${ms.toFixed(1)} ms`);
      this.entries.push({
        id: this.next++,
        at: now().toISOString(),
        method: req.method ?? "GET",
        path,
        status: res.statusCode,
        ms: Math.round(ms),
      });
      if (this.entries.length > REQUEST_LOG_SIZE) this.entries.shift();
    });
  }

  /** The entries newer than `afterId`, oldest first. */
  after(afterId: number): LoggedRequest[] {
    return this.entries.filter((entry) => entry.id > afterId);
  }
}
