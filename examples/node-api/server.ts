/**
 * The app's API on plain `node:http`: each request becomes a standard `Request`, the handler's `Response` is written
 * back. Run it with `NEXT_PUBLIC_AUTH_URL=… PROPELAUTH_API_KEY=… npx tsx server.ts` (the emulator's URL and key in
 * development; `npm run emulator` prints both).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { pathToFileURL } from "node:url";
import { createBackendClient } from "orgauth/server";
import { whoamiByKey } from "./whoami-by-key.js";

/** The app's routes: GET /api/whoami-by-key, 404 for anything else. */
export function appHandler(backend: ReturnType<typeof createBackendClient>): (request: Request) => Promise<Response> {
  const whoami = whoamiByKey(backend);
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === "GET" && pathname === "/api/whoami-by-key") return whoami(request);
    return Response.json({ error: "not_found" }, { status: 404 });
  };
}

/** The standard `Request` of a Node request (headers and URL; these routes read no body). */
function toRequest(incoming: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  return new Request(new URL(incoming.url ?? "/", "http://127.0.0.1"), { method: incoming.method ?? "GET", headers });
}

/** Serves `handler` on 127.0.0.1 (`port` 0: a free one); resolves once it listens. */
export function serve(handler: (request: Request) => Promise<Response>, port = 0): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    handler(toRequest(incoming))
      .then(async (response) => {
        outgoing.writeHead(response.status, Object.fromEntries(response.headers));
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        console.error(error);
        outgoing.writeHead(500).end();
      });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { NEXT_PUBLIC_AUTH_URL: authUrl, PROPELAUTH_API_KEY: apiKey, PORT } = process.env;
  if (!authUrl || !apiKey)
    throw new Error("Set NEXT_PUBLIC_AUTH_URL and PROPELAUTH_API_KEY (the emulator's start banner prints both)");
  const server = await serve(appHandler(createBackendClient({ authUrl, apiKey })), Number(PORT ?? 3001));
  console.log(`Listening on http://127.0.0.1:${(server.address() as { port: number }).port}`);
}
