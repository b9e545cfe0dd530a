/**
 * The terminal's request log: one line per answered request, e.g.
 * `2026-05-04T09:12:01.337Z POST /api/fe/v3/login 400 invalid_character 2.1 ms` — the time it was answered (ISO),
 * method, path without its query (a query may carry a token), status, the error code of an error answer, duration.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestLogWriter } from "./admin-ui/index.js";
import type { Reply } from "./http/http.js";

/** The admin UI's own polling, left out so the log shows the app's traffic (the admin UI's list leaves it out too). */
const QUIET_PATHS = new Set(["/__emulator/requests"]);

/** The `error_code` of a JSON error answer, or undefined. */
function errorCodeOf(reply: Reply): string | undefined {
  if (reply.status < 400 || typeof reply.json !== "object" || reply.json === null) return undefined;
  const code = (reply.json as { error_code?: unknown }).error_code;
  return typeof code === "string" && /^[\w.-]{1,64}$/.test(code) ? code : undefined;
}

/** Writes one line per request to the terminal; `noteReply` tells it the answer's error code before it is sent. */
export class TerminalLog {
  private readonly codes = new WeakMap<ServerResponse, string>();

  constructor(private readonly write: RequestLogWriter) {}

  /** Logs `req` once its answer is sent. */
  watch(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    // The request target as sent, up to its query: a target that URL cannot parse (`//?x`) is logged, never thrown on.
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (QUIET_PATHS.has(path)) return;
    res.once("finish", () => {
      const ms = (performance.now() - started).toFixed(1);
      const code = this.codes.get(res);
      this.write(
        `${new Date().toISOString()} ${req.method ?? "GET"} ${path} ${res.statusCode}${code ? ` ${code}` : ""} ${ms} ms`,
      );
    });
  }

  /** Remembers the error code of the reply about to be sent on `res` (none for a success). */
  noteReply(res: ServerResponse, reply: Reply): void {
    const code = errorCodeOf(reply);
    if (code) this.codes.set(res, code);
  }
}
