/**
 * The fault suite's auth server: real HTTP on 127.0.0.1 that answers every route correctly until a fault is set,
 * then answers with that fault. A second server on another port stands for "another origin" and records whatever
 * reaches it (nothing should).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { refreshBody } from "../support/refresh-body.js";
import { exampleOf } from "./examples.js";
import type { Fault } from "./faults.js";

/** A request the server received. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
}

/** What a fault needs to answer: the correct answer's JSON text (null for a 204 route) and the other origin. */
export interface FaultContext {
  validJson: string | null;
  otherOrigin: string;
  path: string;
}

/** A running fault server. */
export interface FaultServer {
  url: string;
  requests: SeenRequest[];
  /** The fault for the following requests (null: answer correctly). */
  fault: Pick<Fault, "answer"> | null;
  close(): Promise<void>;
}

/** The correct JSON answer of each route the suite calls (the contract's first 200 example; null: 204 No Content). */
export function validAnswer(path: string): string | null {
  if (path === "/api/v1/refresh_token") return SESSION;
  const operationId = ROUTES.find(([pattern]) => pattern.test(path))?.[1];
  return operationId ? JSON.stringify(exampleOf(operationId, "200")) : null;
}

/** One session for the whole run: every refresh answers the same one, as a real server does. */
const SESSION = JSON.stringify(refreshBody(Date.now(), 3600));

const ROUTES: [RegExp, string][] = [
  [/^\/api\/v1\/logout$/, "logout"],
  [/^\/api\/fe\/v3\/org_settings$/, "getOrgSettings"],
  [/^\/api\/fe\/v3\/login$/, "login"],
  [/^\/api\/fe\/v3\/join_org\/[^/]+$/, "joinOrg"],
  [/^\/api\/fe\/v3\/org_membership\/[^/]+\/members$/, "listOrgMembers"],
];

async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** The correct JSON answer of a request (null: 204 No Content); by default the fe routes' (`validAnswer`). */
export type AnswerOf = (method: string, path: string) => string | null;

/** Starts the auth server and the other-origin server; `other.requests` must stay empty. */
export async function startFaultServers(answerOf: AnswerOf = (_, path) => validAnswer(path)): Promise<{
  auth: FaultServer;
  other: { url: string; requests: SeenRequest[] };
  close(): Promise<void>;
}> {
  const otherRequests: SeenRequest[] = [];
  const other = await listen((req, res) => {
    otherRequests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers });
    // Permissive CORS, so a browser that followed a redirect here would send the real request too.
    res.writeHead(200, {
      "Access-Control-Allow-Origin": req.headers.origin ?? "*",
      "Access-Control-Allow-Credentials": "true",
      "Access-Control-Allow-Headers": "*",
      "Content-Type": "application/json",
    });
    res.end(
      JSON.stringify({ login_state: "Finished", access_token: "someone-else", redirect_to: "https://evil.example/" }),
    );
  });
  const requests: SeenRequest[] = [];
  const auth: FaultServer = { url: "", requests, fault: null, close: async () => undefined };
  const { server, url } = await listen((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    requests.push({ method: req.method ?? "", path, headers: req.headers });
    req.resume();
    req.on("end", () => {
      const context: FaultContext = { validJson: answerOf(req.method ?? "GET", path), otherOrigin: other.url, path };
      if (auth.fault) return auth.fault.answer(res, context);
      if (context.validJson === null) return void res.writeHead(204).end();
      res.writeHead(200, { "Content-Type": "application/json" }).end(context.validJson);
    });
  });
  auth.url = url;
  const close = async () => {
    await closeServer(server);
    await closeServer(other.server);
  };
  auth.close = close;
  return { auth, other: { url: other.url, requests: otherRequests }, close };
}

/** A URL on 127.0.0.1 where nothing listens (a port just released). */
export async function refusedUrl(): Promise<string> {
  const { server, url } = await listen(() => undefined);
  await closeServer(server);
  return url;
}
