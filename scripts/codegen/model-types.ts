/**
 * The generator's model of the contract: what the emitters know about each operation. Types only, below both the
 * model's builder (model.ts) and the invalidation reader (invalidation.ts), which need them both.
 */
import type { HttpMethod } from "../../src/transport/operation.js";
import type { SchemaNode } from "./contract.js";

/** Where a value an invalidation filters by comes from in the mutation's own request. */
export type RequestValue = { location: "body"; pointer: string[] } | { location: "path" | "query"; name: string };

/** A cache entry a successful mutation makes stale (`x-invalidates`), its filter values already resolved. */
export interface InvalidationModel {
  operationId: string;
  /** Path parameter of the target → where the mutation's request holds its value. */
  path: Record<string, RequestValue>;
  /** Query parameter of the target → where the mutation's request holds its value. */
  query: Record<string, RequestValue>;
}

/** A path or query parameter of an operation. */
export interface ParameterModel {
  name: string;
  required: boolean;
  schema: SchemaNode;
}

/** One documented response status: its JSON schema (absent for an empty body) and, for errors, its codes. */
export interface ResponseModel {
  status: number;
  schema?: SchemaNode;
  errorCodes: string[];
  /** The code its status maps to whatever the body (`x-error-code`), for a body without `error_code`. */
  statusCode?: string;
}

/** What a successful call does to the session (`x-session-effect`). */
export type SessionEffect = "refresh" | "refresh-if-finished" | "logout";

/** Page-number pagination of a list operation (`x-pagination`). */
interface PaginationModel {
  pageParam: string;
  hasMoreField: string;
}

/** Everything the emitters need to know about one operation. */
export interface OperationModel {
  operationId: string;
  method: HttpMethod;
  path: string;
  summary: string;
  /**
   * "session" for /api/v1 calls, "frontend" for /api/fe/v3 calls (both browser calls), "server" for the calls an
   * app's server makes (/propelauth/…, /api/backend/…, and every call tagged `backend`): emitted into their own
   * module, never a browser entry's.
   */
  surface: "session" | "frontend" | "server";
  /**
   * Reads become queries; everything else becomes a mutation (`x-query: true` marks a POST that only reads). An
   * operation whose only outcomes besides errors are a page or a redirect is a browser navigation: it gets a URL
   * builder, not a fetcher.
   */
  kind: "query" | "mutation" | "navigation";
  /** What `Authorization: Bearer` carries (server calls): the integration API key or the user's access token. */
  bearer?: "apiKey" | "accessToken";
  pathParams: ParameterModel[];
  queryParams: ParameterModel[];
  /** Header parameters whose schema fixes one value (e.g. the CSRF header). */
  fixedHeaders: Record<string, string>;
  requestBody?: { required: boolean; schema: SchemaNode };
  successResponses: ResponseModel[];
  errorResponses: ResponseModel[];
  /** Every error code the operation documents, in contract order, without duplicates. */
  errorCodes: string[];
  /**
   * Error status → the one code it maps to, for an operation whose error bodies carry no `error_code` (the backend
   * API: each error response names its code in `x-error-code`); absent when the body's `error_code` decides.
   */
  statusCodes?: Record<number, string>;
  /** True when a `404` resolves `null` instead of failing (`x-not-found: 'null'`: a single fetch of an unknown id). */
  notFoundIsNull?: true;
  invalidates: InvalidationModel[];
  sessionEffect?: SessionEffect;
  pagination?: PaginationModel;
}
