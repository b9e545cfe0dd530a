/**
 * One request log with two sinks: each request gets one listener, one list of quiet paths decides for both, and the
 * admin UI's ring buffer and the terminal's line see the same answer (the line with the error code).
 */
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { RequestLog } from "../../../src/emulator/admin-ui/request-log.js";
import { terminalSink } from "../../../src/emulator/terminal-log.js";

/** A request and a response that finishes when told to. */
function exchange(method: string, url: string) {
  const res = Object.assign(new EventEmitter(), { statusCode: 200 }) as unknown as ServerResponse & EventEmitter;
  return { req: { method, url } as IncomingMessage, res };
}

describe("the request log", () => {
  const lines: string[] = [];
  const log = new RequestLog(
    () => new Date("2026-05-04T09:12:01.337Z"),
    terminalSink((line) => lines.push(line)),
  );

  it("adds one listener per request and feeds both sinks from it", () => {
    const { req, res } = exchange("POST", "/api/fe/v3/login?token=secret");
    log.watch(req, res);
    expect(res.listenerCount("finish")).toBe(1);
    log.noteReply(res, { status: 400, json: { error_code: "invalid_request_fields" } });
    res.statusCode = 400;
    res.emit("finish");
    expect(log.after(0)).toMatchObject([{ method: "POST", path: "/api/fe/v3/login", status: 400 }]);
    expect(lines).toEqual([
      expect.stringMatching(/^\S+Z POST \/api\/fe\/v3\/login 400 invalid_request_fields \d+\.\d ms$/),
    ]);
  });

  it("leaves the admin UI's own polling out of both", () => {
    const { req, res } = exchange("GET", "/__emulator/requests?after=3");
    log.watch(req, res);
    expect(res.listenerCount("finish")).toBe(0);
  });
});
