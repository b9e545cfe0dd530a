/** A mutation's `xMutationOptions` and `useX`, with `x-invalidates` and `x-session-effect` compiled into `onSuccess`. */
import type { InvalidationModel, RequestValue } from "../invalidation.js";
import type { OperationModel } from "../model.js";
import { docComment, literal, operationNames, propertyKey } from "../naming.js";
import { namesOf, type Names } from "./names.js";

export function mutationBlock(op: OperationModel): string {
  const n = namesOf(op);
  const variables = n.hasInput ? n.request : "void";
  return [
    `/** The error \`${op.operationId}\` fails with. */\nexport type ${n.error} = OperationError<${n.id}>;`,
    mutationOptionsFunction(op, n, variables),
    mutationHook(op, n, variables),
  ].join("\n\n");
}

function effectsDoc(op: OperationModel): string {
  const parts: string[] = [];
  if (op.invalidates.length) parts.push(`invalidates ${op.invalidates.map((i) => `\`${i.operationId}\``).join(", ")}`);
  if (op.sessionEffect === "refresh") parts.push("refreshes the session");
  if (op.sessionEffect === "refresh-if-finished") parts.push("refreshes the session when `login_state` is `Finished`");
  if (op.sessionEffect === "logout") parts.push("ends the session");
  return parts.length ? `; on success it ${parts.join(" and ")}` : "";
}

function mutationOptionsFunction(op: OperationModel, n: Names, variables: string): string {
  const call = n.hasInput ? `${n.fetcher}(session.transport, request)` : `${n.fetcher}(session.transport)`;
  const effects = [...op.invalidates.map(invalidation), ...sessionEffect(op)];
  const fnParam = n.hasInput ? "request" : "";
  const lines = [`    mutationKey: [queryKeyRoot, ${n.id}],`, `    mutationFn: (${fnParam}) => ${call},`];
  if (effects.length) lines.push(`    onSuccess: (${onSuccessParams(effects)}) =>${onSuccessBody(effects)},`);
  return `${docComment(`Mutation options of \`${op.operationId}\` (${op.method} ${op.path})${effectsDoc(op)}.`)}export function ${n.mutationOptions}(session: MutationSession) {
  return mutationOptions<${n.response}, ${n.error}, ${variables}>({
${lines.join("\n")}
  });
}`;
}

/** The parameters of a mutation's `onSuccess`, in React Query's order. */
const ON_SUCCESS_PARAMS = ["data", "request", "onMutateResult", "context"] as const;

/** One thing a successful mutation does: the expression that does it and the `onSuccess` parameters it reads. */
interface Effect {
  code: string;
  reads: ReadonlyArray<(typeof ON_SUCCESS_PARAMS)[number]>;
}

/** `onSuccess`'s parameters up to the last one the effects read; earlier unread ones start with `_`. */
function onSuccessParams(effects: Effect[]): string {
  const read = ON_SUCCESS_PARAMS.map((name) => effects.some((effect) => effect.reads.includes(name)));
  return ON_SUCCESS_PARAMS.slice(0, read.lastIndexOf(true) + 1)
    .map((name, index) => (read[index] ? name : `_${name}`))
    .join(", ");
}

/** One effect is returned as is; several run together under `Promise.all`. */
function onSuccessBody(effects: Effect[]): string {
  if (effects.length === 1) return ` ${effects[0]!.code}`;
  return `\n      Promise.all([\n${effects.map((e) => `        ${e.code},`).join("\n")}\n      ])`;
}

/** Invalidates the target's cached results; a filter narrows them to the values this request carried. */
function invalidation(target: InvalidationModel): Effect {
  const keys = operationNames(target.operationId).keys;
  const parts: string[] = [];
  if (Object.keys(target.path).length) parts.push(`path: ${objectOf(target.path)}`);
  if (Object.keys(target.query).length) parts.push(`query: ${objectOf(target.query)}`);
  const key = parts.length ? `${keys}.matching({ ${parts.join(", ")} })` : `${keys}.all`;
  return {
    code: `context.client.invalidateQueries({ queryKey: ${key} })`,
    reads: parts.length ? ["request", "context"] : ["context"],
  };
}

function objectOf(values: Record<string, RequestValue>): string {
  const entries = Object.entries(values).map(([name, value]) => `${propertyKey(name)}: ${requestValueCode(value)}`);
  return `{ ${entries.join(", ")} }`;
}

/** The body's `org_id` → `request.body.org_id`; the path's `orgId` → `request.path.orgId`; query values may be absent. */
function requestValueCode(value: RequestValue): string {
  if (value.location === "body") return `request.body${value.pointer.map(member).join("")}`;
  return `request.${value.location}${value.location === "query" ? "?" : ""}${member(value.name)}`;
}

/** `.name` for an identifier, `["na-me"]` otherwise. */
function member(name: string): string {
  return propertyKey(name) === name ? `.${name}` : `[${literal(name)}]`;
}

function sessionEffect(op: OperationModel): Effect[] {
  switch (op.sessionEffect) {
    case "refresh":
      return [{ code: "refreshSession(session)", reads: [] }];
    case "refresh-if-finished":
      return [{ code: `data.login_state === "Finished" ? refreshSession(session) : undefined`, reads: ["data"] }];
    case "logout":
      return [{ code: "endSession(session)", reads: [] }];
    default:
      return [];
  }
}

function mutationHook(op: OperationModel, n: Names, variables: string): string {
  const hook = n.hook;
  return `${docComment(`${op.summary} — \`useMutation\` of \`${op.operationId}\` with the AuthProvider's session${effectsDoc(op)}.`)}export function ${hook}(
  options?: MutationHookOptions<${n.response}, ${n.error}, ${variables}>,
): UseMutationResult<${n.response}, ${n.error}, ${variables}> {
  const session = useSessionFor(${literal(hook)});
  return useMutation(withHookOptions(${n.mutationOptions}(session), options));
}`;
}
