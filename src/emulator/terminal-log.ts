/**
 * The terminal's sink of the request log: one line per answered request, e.g.
 * `2026-05-04T09:12:01.337Z POST /api/fe/v3/login 400 invalid_character 2.1 ms` — the time it was answered (ISO),
 * method, path without its query (a query may carry a token), status, the error code of an error answer, duration.
 */
import type { AnsweredRequest, RequestLogWriter } from "./admin-ui/index.js";

/** The request log's terminal sink: writes each answered request as one line. */
export function terminalSink(write: RequestLogWriter): (answered: AnsweredRequest) => void {
  return ({ method, path, status, durationMs, errorCode }) =>
    write(
      `${new Date().toISOString()} ${method} ${path} ${status}${errorCode ? ` ${errorCode}` : ""} ${durationMs.toFixed(1)} ms`,
    );
}
