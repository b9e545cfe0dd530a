/**
 * The shapes the transport and the generated fetchers share: what one operation is (its descriptor), what a call
 * carries (request and options) and what calls it (`OperationCaller`, implemented by `createTransport`).
 * Generated code imports these; nothing here depends on the contract: the generated operations register their
 * ids and error codes on `Register` (declaration merging), and each descriptor loads its validators.
 */
import type { ZodMiniType } from "zod/mini";

/**
 * What the generated code tells the transport's types, by declaration merging: `operationErrorCodes`, each
 * operation id mapped to the union of its documented error codes.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging from the generated operations
export interface Register {}

/** Each registered operation id → its documented error codes (any string id and code before registration). */
export type RegisteredErrorCodes = Register extends { operationErrorCodes: infer Codes }
  ? Codes
  : Record<string, string>;

/** The id of every registered operation. */
export type RegisteredOperationId = keyof RegisteredErrorCodes & string;

/** Every HTTP method the contract may use, in the order an OpenAPI path item lists them. */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** HTTP methods used by the contract. */
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The validators of one operation: its own module (a separate chunk in a code-split bundle), loaded on first use. */
export interface OperationValidators {
  readonly body?: ZodMiniType;
  /** Success statuses with a JSON body → its schema. */
  readonly responses: Readonly<Record<number, ZodMiniType>>;
  /** The schema of the operation's error bodies (without one, error bodies are read unchecked). */
  readonly errorBody?: ZodMiniType;
}

/** Static facts about one operation that the transport needs to call it and check the answer. */
export interface OperationDescriptor<Id extends string = string> {
  readonly operationId: Id;
  readonly method: HttpMethod;
  /** The full path; `{name}` marks a path parameter. */
  readonly path: string;
  /** The path with its parameters filled in by `param` (which checks and encodes each); only when it has any. */
  readonly url?: (param: (name: string) => string) => string;
  /** Headers the contract fixes (the CSRF header of front-end calls). */
  readonly headers?: Readonly<Record<string, string>>;
  /** True when the operation takes a JSON request body (checked, and completed with defaults, before it is sent). */
  readonly body?: true;
  /** Success statuses → whether their answer has a JSON body. */
  readonly responses: Readonly<Record<number, boolean>>;
  /** Error codes the operation documents besides `unexpected_error`, which every operation can answer with. */
  readonly errorCodes?: readonly string[];
  /**
   * Error status → its code, for an operation whose error bodies carry no `error_code` (the backend API): the
   * status decides the code, the body only its messages. Any other error status is `unexpected_error`.
   */
  readonly statusCodes?: Readonly<Record<number, string>>;
  /** Loads the operation's validators (the transport starts it with the request and keeps the result). */
  readonly validators: () => Promise<{ validators: OperationValidators }>;
}

/** Per-call options. */
export interface RequestOptions {
  /** Aborts the call. */
  signal?: AbortSignal;
  /** Overrides the transport's request timeout for this call. */
  timeoutMs?: number;
  /** Extra request headers (e.g. `Prefer` to pick a mock example). */
  headers?: Record<string, string>;
}

/** Path, query and body of one call. */
export interface OperationRequest {
  path?: object | undefined;
  query?: object | undefined;
  body?: unknown;
}

/** What the generated fetchers call: implemented by the transport (`createTransport`). */
export interface OperationCaller {
  call<Data>(operation: OperationDescriptor, request: OperationRequest, options?: RequestOptions): Promise<Data>;
}

/** Arguments of an operation that takes none. */
export type EmptyRequest = Record<string, never>;

/** A request body whose fields with a contract `default` the caller may omit (the transport fills them in). */
export type WithDefaults<Body, Defaulted extends keyof Body> = Omit<Body, Defaulted> & Partial<Pick<Body, Defaulted>>;

/**
 * `T` whose optional properties also accept `undefined` (a `string | undefined` variable can be passed as is under
 * `exactOptionalPropertyTypes`); a property that is undefined is not sent.
 */
// biome-ignore lint/complexity/noBannedTypes: `{} extends Pick<T, K>` is how a type tells an optional key from a required one
export type UndefinedAllowed<T> = { [K in keyof T]: {} extends Pick<T, K> ? T[K] | undefined : T[K] };
