/**
 * The catalogue of injected faults: how the server misbehaves. Each answers one request; `refused` is not an
 * answer at all (the client is pointed at a port where nothing listens).
 */
import type { ServerResponse } from "node:http";
import { PROTOTYPE_NAMES } from "../support/prototype-names.js";
import type { FaultContext } from "./fault-server.js";

/** One way for a server to fail. */
export interface Fault {
  name: FaultName;
  answer(res: ServerResponse, context: FaultContext): void;
}

/** Every fault of the suite. */
export type FaultName =
  | "connection refused"
  | "reset mid-body"
  | "body stalled after headers"
  | "hang"
  | "truncated JSON"
  | "wrong types"
  | "empty 200"
  | "204"
  | "HTML 502"
  | "non-error JSON 502"
  | "non-error JSON 504"
  | "429 with Retry-After"
  | "5 MB body"
  | "non-UTF-8 bytes"
  | "__proto__ / constructor keys"
  | "prototype names as org ids"
  | "membership without its role list"
  | "cross-origin 302"
  | "properties nested 5 000 deep";

const json = { "Content-Type": "application/json" };
const FIVE_MB = 5 * 1024 * 1024;
const DEEP = 5_000;

/** The correct answer's text, or `{}` for a 204 route (faults answer with a body anyway). */
const bodyOf = (context: FaultContext): string => context.validJson ?? "{}";

/** Every string value of a JSON text replaced by a number and every number by a string. */
function wrongTypes(text: string): string {
  const flip = (value: unknown): unknown => {
    if (typeof value === "string") return 42;
    if (typeof value === "number" || typeof value === "boolean") return "not a number";
    if (Array.isArray(value)) return value.map(flip);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, flip(v)]));
    return value;
  };
  const flipped = flip(JSON.parse(text));
  return JSON.stringify(Object.keys(flipped as object).length ? flipped : { unexpected: 1 });
}

const PROTO_KEYS = '"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},';

/** Adds `__proto__` and `constructor` keys at the top level and in every free-form map (properties, org_metadata). */
function withProtoKeys(text: string): string {
  return text
    .replace(/^\{/, `{${PROTO_KEYS}`)
    .replace(/"(properties|org_metadata)":\{/g, (match) => `${match}${PROTO_KEYS}`)
    .replace(/,\}/g, "}");
}

/** The answer's org memberships (a refresh answer's map) changed by `change`; other answers as they are. */
function withMemberships(text: string, change: (orgs: Record<string, unknown>) => Record<string, unknown>): string {
  const answer = JSON.parse(text) as Record<string, unknown>;
  const orgs = answer.org_id_to_org_member_info;
  if (!orgs || typeof orgs !== "object") return text;
  return JSON.stringify({ ...answer, org_id_to_org_member_info: change(orgs as Record<string, unknown>) });
}

/** One more membership under each object-prototype name (`__proto__` an own key, as JSON.parse makes it). */
const withPrototypeOrgIds = (text: string): string =>
  withMemberships(text, (orgs) => {
    const template = Object.values(orgs)[0] as Record<string, unknown>;
    return { ...orgs, ...Object.fromEntries(PROTOTYPE_NAMES.map((id) => [id, { ...template, org_id: id }])) };
  });

/** Every membership without `inherited_user_roles_plus_current_role`, as an older provider sends it. */
const withoutRoleLists = (text: string): string =>
  withMemberships(text, (orgs) =>
    Object.fromEntries(
      Object.entries(orgs).map(([id, org]) => {
        const { inherited_user_roles_plus_current_role: _, ...older } = org as Record<string, unknown>;
        return [id, older];
      }),
    ),
  );

/** Invalid UTF-8 bytes inside the first string value (or alone when there is none). */
function withInvalidUtf8(text: string): Buffer {
  const at = text.indexOf(':"') + 2;
  if (at < 2) return Buffer.concat([Buffer.from(text), Buffer.from([0xff, 0xfe, 0xc3])]);
  return Buffer.concat([
    Buffer.from(text.slice(0, at)),
    Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
    Buffer.from(text.slice(at)),
  ]);
}

/** A value nested `DEEP` levels, as JSON text (JSON.stringify cannot write one this deep). */
const deepJson = `${'{"next":'.repeat(DEEP)}"leaf"${"}".repeat(DEEP)}`;

function withDeepProperties(text: string): string {
  const spliced = text.replace(/"properties":\{/, `"properties":{"deep":${deepJson},`);
  return spliced === text ? text.replace(/^\{/, `{"deep":${deepJson},`).replace(/,\}/g, "}") : spliced;
}

/** The faults, in the order the suite runs them. */
export const FAULTS: readonly Fault[] = [
  { name: "connection refused", answer: () => undefined }, // the client is pointed at a closed port instead
  {
    name: "reset mid-body",
    answer: (res, c) => {
      const body = bodyOf(c);
      res.writeHead(200, { ...json, "Content-Length": String(body.length + 100) });
      res.write(body.slice(0, Math.ceil(body.length / 2)), () => res.socket?.destroy());
    },
  },
  {
    name: "body stalled after headers",
    answer: (res, c) => {
      const body = bodyOf(c);
      res.writeHead(200, { ...json, "Content-Length": String(body.length + 64) }); // more is promised than ever comes
      res.write(body.slice(0, Math.ceil(body.length / 2)));
    },
  },
  { name: "hang", answer: () => undefined },
  {
    name: "truncated JSON",
    answer: (res, c) => void res.writeHead(200, json).end(bodyOf(c).slice(0, Math.floor(bodyOf(c).length / 2))),
  },
  { name: "wrong types", answer: (res, c) => void res.writeHead(200, json).end(wrongTypes(bodyOf(c))) },
  { name: "empty 200", answer: (res) => void res.writeHead(200, { ...json, "Content-Length": "0" }).end() },
  { name: "204", answer: (res) => void res.writeHead(204).end() },
  {
    name: "HTML 502",
    answer: (res) =>
      void res
        .writeHead(502, { "Content-Type": "text/html" })
        .end("<html><body><h1>502 Bad Gateway</h1></body></html>"),
  },
  { name: "non-error JSON 502", answer: (res) => void res.writeHead(502, json).end('{"message":"Bad gateway"}') },
  { name: "non-error JSON 504", answer: (res) => void res.writeHead(504, json).end("{}") },
  {
    name: "429 with Retry-After",
    answer: (res) =>
      void res
        .writeHead(429, { ...json, "Retry-After": "1" })
        .end('{"error_code":"rate_limit_exceeded","user_facing_error":"Too many requests, try again shortly"}'),
  },
  {
    name: "5 MB body",
    answer: (res, c) =>
      void res.writeHead(200, json).end(
        bodyOf(c)
          .replace(/^\{/, `{"padding":"${"x".repeat(FIVE_MB)}",`)
          .replace(/,\}$/, "}"),
      ),
  },
  { name: "non-UTF-8 bytes", answer: (res, c) => void res.writeHead(200, json).end(withInvalidUtf8(bodyOf(c))) },
  {
    name: "__proto__ / constructor keys",
    answer: (res, c) => void res.writeHead(200, json).end(withProtoKeys(bodyOf(c))),
  },
  {
    name: "prototype names as org ids",
    answer: (res, c) => void res.writeHead(200, json).end(withPrototypeOrgIds(bodyOf(c))),
  },
  {
    name: "membership without its role list",
    answer: (res, c) => void res.writeHead(200, json).end(withoutRoleLists(bodyOf(c))),
  },
  {
    name: "cross-origin 302",
    answer: (res, c) => void res.writeHead(302, { Location: `${c.otherOrigin}${c.path}` }).end(),
  },
  {
    name: "properties nested 5 000 deep",
    answer: (res, c) => void res.writeHead(200, json).end(withDeepProperties(bodyOf(c))),
  },
];

/**
 * The client's timeout for a fault: short for the faults that never finish answering (so they settle fast), generous
 * for the rest, whose big or deep bodies must not be cut off by a deadline when the machine is busy.
 */
export function deadlineFor(name: FaultName): number {
  return name === "hang" || name === "body stalled after headers" ? 300 : 10_000;
}
