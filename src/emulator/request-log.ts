import type { IncomingMessage, ServerResponse } from "node:http";

/** Where the request log goes: one line per request. */
export type RequestLogWriter = (line: string) => void;

/** Writes `METHOD path status time` for a request once its answer is sent (the path without its query). */
export function logRequest(req: IncomingMessage, res: ServerResponse, write: RequestLogWriter): void {
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const path = (req.url ?? "/").split("?")[0];
    write(`${req.method ?? "GET"} ${path} ${res.statusCode} ${ms.toFixed(1)} ms`);
  });
}
