import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

/** A request the local server received. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** How a LocalServer answers: from the request as received (body read) and the response to write. */
export type LocalHandler = (request: RecordedRequest, response: ServerResponse) => void;

/**
 * The one HTTP server the tests and benches start on 127.0.0.1 (a free port): it answers with the handler given
 * at start or set later by `respond`, and records what it receives (unless `record` is false, for benches).
 */
export interface LocalServer {
  url: string;
  requests: RecordedRequest[];
  respond(handler: LocalHandler): void;
  close(): Promise<void>;
}

/** Starts a LocalServer on a free port; it answers every request with an empty 200 until a handler is set. */
export async function startLocalServer(
  initial?: LocalHandler,
  options: { record?: boolean } = {},
): Promise<LocalServer> {
  let handler: LocalHandler = initial ?? ((_, response) => response.end());
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    let body = "";
    incoming.on("data", (chunk) => (body += chunk));
    incoming.on("end", () => {
      const recorded = { method: incoming.method ?? "", url: incoming.url ?? "", headers: incoming.headers, body };
      if (options.record !== false) requests.push(recorded);
      handler(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond: (next) => (handler = next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends a JSON answer. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}
