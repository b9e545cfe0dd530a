import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

/** A request the local server received. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A tiny HTTP server on 127.0.0.1 whose answer each test sets; it records what it receives. */
export interface LocalServer {
  url: string;
  requests: RecordedRequest[];
  respond(handler: (request: RecordedRequest, response: ServerResponse) => void): void;
  close(): Promise<void>;
}

/** Starts a LocalServer on a free port. */
export async function startLocalServer(): Promise<LocalServer> {
  let handler: (request: RecordedRequest, response: ServerResponse) => void = (_, response) => response.end();
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    let body = "";
    incoming.on("data", (chunk) => (body += chunk));
    incoming.on("end", () => {
      const recorded = { method: incoming.method ?? "", url: incoming.url ?? "", headers: incoming.headers, body };
      requests.push(recorded);
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
