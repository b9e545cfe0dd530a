/**
 * The transport's own URL builder against openapi-fetch's default serialisers, the oracle, as a seeded property run
 * (fast-check) over every operation's real path and query parameters: arbitrary strings (unicode, reserved and
 * percent characters, empty), numbers, booleans, enum values, arrays of them, optional parameters left out or
 * undefined. Both must write the same URL byte for byte, except where the builder refuses a value on purpose (an
 * empty or dot-segment path parameter, a lone surrogate): then it throws a RequestValidationError and sends nothing.
 * Replay a failure with URL_PROPERTY_SEED=<seed> (fast-check prints the seed and the shrunk counterexample).
 */
import { join } from "node:path";
import fc from "fast-check";
import { createFinalURL, createQuerySerializer, defaultPathSerializer } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { loadContract, type SchemaNode } from "../../../scripts/codegen/contract.js";
import { buildOperations, type OperationModel } from "../../../scripts/codegen/model.js";
import { repoRoot } from "../../../scripts/lib/repo-root.js";
import { allOperations } from "../../../src/generated/operations.js";
import * as serverOperations from "../../../src/generated/server-operations.js";
import { RequestValidationError } from "../../../src/transport/errors.js";
import type { OperationDescriptor, RegisteredOperationId } from "../../../src/transport/operation.js";
import { operationUrl } from "../../../src/transport/request-url.js";

const SEED = Number(process.env.URL_PROPERTY_SEED ?? 20_261_126);
const RUNS = 300;
const ORIGIN = "https://auth.example.com";

const contract = await loadContract(join(repoRoot, "openapi", "auth-api.yaml"));
const models = buildOperations(contract).filter((op) => op.pathParams.length || op.queryParams.length);

type Arguments = { path: Record<string, unknown>; query: Record<string, unknown> };

/** What openapi-fetch's default serialisers write for the call. */
function oracleUrl(op: OperationModel, args: Arguments): string {
  return createFinalURL(op.path, {
    baseUrl: ORIGIN,
    params: args,
    querySerializer: createQuerySerializer(),
    pathSerializer: defaultPathSerializer,
  });
}

/** What the runtime writes: the operation's own descriptor (its generated path builder) through `operationUrl`. */
function builtUrl(op: OperationModel, args: Arguments): string {
  if (op.kind === "navigation") return serverOperations.ssrAuthorizeUrl(ORIGIN, args.query as never);
  const server = (serverOperations as Record<string, unknown>)[`${op.operationId}Operation`];
  const descriptor = allOperations.find((d) => d.operationId === op.operationId) ?? server;
  return operationUrl(ORIGIN, descriptor as OperationDescriptor<RegisteredOperationId>, args);
}

/** Characters URLs treat specially, the percent sign and dots among them, plus whole percent-encoded spellings. */
const RESERVED = [..." :/?#[]@!$&'()*+,;=%.~-_\"<>\\^`{|}", "%2e", "%2E", "%252e", "%25", "%20", "+", "\u00a0"];
/** One unit of a generated string: a reserved character, any code point, or a printable grapheme (emoji too). */
const unit = fc.oneof(
  fc.constantFrom(...RESERVED),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
);
const text = (minLength = 0) => fc.string({ unit, minLength, maxLength: 8 });

/** A value of the parameter's schema, as its generated type allows it. */
function scalar(schema: SchemaNode): fc.Arbitrary<unknown> {
  const node = contract.resolve(schema);
  if (node.enum) return fc.oneof(fc.constantFrom(...node.enum), text());
  switch (node.type) {
    case "integer":
      return fc.integer();
    case "number":
      return fc.double();
    case "boolean":
      return fc.boolean();
    case "string":
      return text(node.minLength ?? 0);
    default:
      throw new Error(`no arbitrary for ${JSON.stringify(node)}`);
  }
}

/** A query value: the scalar, or (the builder writes arrays too, as `name=a&name=b`) an array of scalars. */
const queryValue = (schema: SchemaNode) =>
  fc.oneof(
    { arbitrary: scalar(schema), weight: 3 },
    { arbitrary: fc.array(scalar(schema), { maxLength: 3 }), weight: 1 },
  );

/** Arguments for the operation: every path parameter, required query ones always, optional ones left out or undefined. */
function argumentsFor(op: OperationModel, pathValue: fc.Arbitrary<string>): fc.Arbitrary<Arguments> {
  const query = Object.fromEntries(
    op.queryParams.map((p) => [
      p.name,
      p.required ? queryValue(p.schema) : fc.option(queryValue(p.schema), { nil: undefined, freq: 3 }),
    ]),
  );
  const requiredKeys = op.queryParams.filter((p) => p.required).map((p) => p.name);
  return fc.record({
    path: fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, pathValue]))),
    query: fc.record(query, { requiredKeys }),
  });
}

/** One or two dots, however often percent-encoded ("%2e", "%252E"…): a segment URL parsing would remove. */
function isDotSegment(value: string): boolean {
  for (let current = value, depth = 0; depth < 8; depth++) {
    if (current === "." || current === "..") return true;
    const decoded = current.replace(/%25/gi, "%").replace(/%2e/gi, ".");
    if (decoded === current) return false;
    current = decoded;
  }
  return false;
}

/** A UTF-16 surrogate without its other half: what encodeURIComponent cannot encode (it throws a URIError). */
function hasLoneSurrogate(value: string): boolean {
  try {
    encodeURIComponent(value);
    return false;
  } catch {
    return true;
  }
}

const PARAMS = { seed: SEED, numRuns: RUNS };

describe("operationUrl against openapi-fetch (property run)", () => {
  it("has operations with parameters of every kind to run on, each of a type the run generates", () => {
    const types = models.flatMap((op) => [...op.pathParams, ...op.queryParams]).map((p) => contract.resolve(p.schema));
    for (const node of types) expect(["string", "integer", "number", "boolean"]).toContain(node.type);
    expect(types.some((node) => node.type === "boolean")).toBe(true);
    expect(types.some((node) => node.type === "integer")).toBe(true);
    expect(types.some((node) => node.enum)).toBe(true);
    expect(models.some((op) => op.pathParams.length)).toBe(true);
  });

  it.each(models.map((op) => [op.operationId, op] as const))(
    "%s: the same URL for every well-typed argument the builder accepts",
    (_id, op) => {
      fc.assert(
        fc.property(argumentsFor(op, text(1)), (args) => {
          const refused = Object.values(args.path).some((v) => isDotSegment(v as string));
          if (refused) expect(() => builtUrl(op, args)).toThrow(RequestValidationError);
          else expect(builtUrl(op, args)).toBe(oracleUrl(op, args));
        }),
        PARAMS,
      );
    },
  );

  const withPath = models.filter((op) => op.pathParams.length);
  it.each(withPath.map((op) => [op.operationId, op] as const))(
    "%s: an empty or dot-segment path parameter is refused (openapi-fetch would write it)",
    (_id, op) => {
      const dots = fc.constantFrom("", ".", "..", "%2e", "%2E.", "%252e%2e", ".%25252E");
      fc.assert(
        fc.property(argumentsFor(op, dots), (args) => {
          const error = captured(() => builtUrl(op, args));
          expect(error).toBeInstanceOf(RequestValidationError);
          expect((error as RequestValidationError).issues).toContainEqual(
            expect.objectContaining({ path: ["path", op.pathParams[0]!.name] }),
          );
        }),
        { ...PARAMS, numRuns: 50 },
      );
    },
  );

  it.each(models.map((op) => [op.operationId, op] as const))(
    "%s: a lone surrogate is refused (openapi-fetch throws a URIError)",
    (_id, op) => {
      const lone = fc.string({ unit: fc.constantFrom("\ud800", "\udfff", "a", "é"), minLength: 1, maxLength: 4 });
      const args = fc.record({ which: fc.nat(), value: lone.filter(hasLoneSurrogate) }).chain(({ which, value }) =>
        argumentsFor(
          op,
          text(1).filter((v) => !isDotSegment(v)),
        ).map((base) => withValue(op, base, which, value)),
      );
      fc.assert(
        fc.property(args, (call) => {
          expect(() => oracleUrl(op, call)).toThrow(URIError);
          expect(() => builtUrl(op, call)).toThrow(RequestValidationError);
        }),
        { ...PARAMS, numRuns: 50 },
      );
    },
  );

  it("leaves out a null or undefined item of an array, where openapi-fetch writes an empty pair", () => {
    // Intended: an empty pair ("a=1&&a=2") carries nothing a server reads; the generated types allow no such item.
    const op = models.find((model) => model.operationId === "loginCheck")!;
    const args = { path: {}, query: { email: ["a", null, undefined, "b"] } };
    expect(oracleUrl(op, args)).toBe(`${ORIGIN}/api/fe/v3/login/check?email=a&&&email=b`);
    expect(builtUrl(op, args)).toBe(`${ORIGIN}/api/fe/v3/login/check?email=a&email=b`);
  });
});

/** The arguments with one path or query parameter (picked by `which`) set to `value`. */
function withValue(op: OperationModel, args: Arguments, which: number, value: string): Arguments {
  const names = [
    ...op.pathParams.map((p) => ["path", p.name] as const),
    ...op.queryParams.map((p) => ["query", p.name] as const),
  ];
  const [location, name] = names[which % names.length]!;
  return { ...args, [location]: { ...args[location], [name]: value } };
}

/** What `run` threw (undefined when it returned). */
function captured(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
