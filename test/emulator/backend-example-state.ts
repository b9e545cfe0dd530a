/**
 * What a backend operation's contract example needs to succeed on the demo seed, found from the contract alone (no
 * list of operations): the ids the examples name that the seed lacks, seeded (a user per unknown `user_id`, with an
 * unconfirmed e-mail; an API key per example `apiKeyId`, its secret the examples' `api_key_token`, in the examples'
 * org), a value another operation's example creates under another name run through that operation first (the
 * imported key `validateImportedApiKey` names is `importApiKey`'s `imported_api_key`), and, when the example is still
 * refused, the fields the refusal names made fresh, then each id field set in turn to the other ids of its name that
 * answers held.
 */
import { createHash } from "node:crypto";
import type { EmulatorSeed } from "../../src/emulator/index.js";
import type { BackendCall } from "../contract/backend-requests.js";

type Fields = Record<string, unknown>;
/** A request's parts (path, query, body) by name. */
type Parts = Record<string, Fields>;

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Every (field, value) of a request with a scalar value, the field's name in snake case. */
function* scalars(request: BackendCall["request"]): Generator<[string, unknown]> {
  for (const fields of Object.values((request ?? {}) as Parts))
    for (const [name, value] of Object.entries(fields ?? {}))
      if (value !== null && typeof value !== "object") yield [snake(name), value];
}

/** Every distinct string the examples give a field name (`api_key_id` for a path's `apiKeyId` too). */
function exampleValues(calls: readonly BackendCall[], name: string): string[] {
  const values = new Set<string>();
  for (const call of calls)
    for (const [field, value] of scalars(call.request))
      if (field === name && typeof value === "string") values.add(value);
  return [...values];
}

/** The seed of what the examples name and `known` (the ids the demo seed has) lacks. */
export function exampleSeed(calls: readonly BackendCall[], known: ReadonlySet<string>): EmulatorSeed {
  const [token] = exampleValues(calls, "api_key_token");
  const [orgId] = exampleValues(calls, "org_id");
  const keyIds = exampleValues(calls, "api_key_id").filter((id) => !known.has(id));
  return {
    users: exampleValues(calls, "user_id")
      .filter((id) => !known.has(id))
      .map((id) => ({ id, email: `example-${id.slice(0, 8)}@example.test`, emailConfirmed: false })),
    // the first key's secret is the examples' token (a validation names it); the others' only their own id
    apiKeys: keyIds.map((id, index) => ({
      id,
      secretHash: sha256(index === 0 && token ? token : id),
      ...(orgId && { orgId }),
      displayName: "example",
    })),
  };
}

/** A value that names one thing (an id, a token), not a common word or number. */
const isToken = (value: unknown) => typeof value === "string" && value.length >= 16;

/** The mutations whose example request holds one of `call`'s values the seed lacks under another name: they create it. */
export function creatorsOf(
  calls: readonly BackendCall[],
  call: BackendCall,
  known: ReadonlySet<string>,
): BackendCall[] {
  const mine = [...scalars(call.request)].filter(([, value]) => isToken(value) && !known.has(value as string));
  return calls.filter(
    (other) =>
      other !== call &&
      other.op.kind === "mutation" &&
      [...scalars(other.request)].some(([name, value]) =>
        mine.some(([myName, myValue]) => myValue === value && myName !== name),
      ),
  );
}

/** Every string an answer holds under a name ending in `_id`, by that name (the ids earlier calls saw). */
export function collectIds(answer: unknown, into: Map<string, Set<string>>): void {
  if (Array.isArray(answer)) for (const item of answer) collectIds(item, into);
  else if (answer && typeof answer === "object")
    for (const [name, value] of Object.entries(answer)) {
      if (name.endsWith("_id") && typeof value === "string") into.set(name, (into.get(name) ?? new Set()).add(value));
      else collectIds(value, into);
    }
}

/**
 * Requests to try when the example is refused, in order: the fields the refusal names made fresh (an e-mail gets a
 * `+fresh` alias), then each id field in turn set to each other id of that name earlier answers held.
 */
export function* variants(
  call: BackendCall,
  refusedFields: readonly string[],
  ids: ReadonlyMap<string, ReadonlySet<string>>,
): Generator<Parts> {
  const request = (call.request ?? {}) as Parts;
  const fresh = structuredClone(request);
  for (const fields of Object.values(fresh))
    for (const [name, value] of Object.entries(fields))
      if (refusedFields.includes(name) && typeof value === "string")
        fields[name] = value.includes("@") ? value.replace("@", "+fresh@") : `${value}-fresh`;
  if (refusedFields.length) yield fresh;
  for (const [part, fields] of Object.entries(request))
    for (const [name, value] of Object.entries(fields))
      for (const other of ids.get(snake(name)) ?? [])
        if (other !== value) yield { ...request, [part]: { ...fields, [name]: other } };
}
