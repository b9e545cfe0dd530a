import type {
  OperationCaller,
  OperationDescriptor,
  OperationRequest,
  OperationValidators,
  RegisteredOperationId as OperationId,
  RequestOptions,
} from "./operation.js";
import { toAuthOrigin } from "./auth-url.js";
import { RequestValidationError, requestFailure, type ResponseValidationError } from "./errors.js";
import {
  readErrorResponse,
  readSuccessResponse,
  type ResponseReader,
  type TransportLogger,
  type ValidationMode,
} from "./read-response.js";
import { exchange, withinDeadline, type ExchangeOptions } from "./exchange.js";
import { validatorsOf, type ValidationSwitch } from "./load-validators.js";
import { operationUrl } from "./request-url.js";
import { DEFAULT_TIMEOUT_MS, withTimeout, type Timers } from "./timeout.js";

/** Options of `createTransport`. */
export interface TransportOptions {
  /** The auth host; reduced to its origin. */
  authUrl: string;
  /** The fetch to use (defaults to the global one at call time). */
  fetch?: typeof globalThis.fetch;
  /** Per-request timeout in milliseconds, headers and body (default `DEFAULT_TIMEOUT_MS`, 10 000). */
  timeoutMs?: number;
  /** The timers deadlines run on (default the global ones; `createAuthClient` passes its environment's). */
  timers?: Timers;
  /**
   * Response validation: throw a ResponseValidationError (default), report it and go on, or skip validation.
   * Request bodies are always checked (and completed with contract defaults); with "off", one that does not match is sent as given.
   */
  validation?: ValidationMode;
  /** Defaults to the console. */
  logger?: TransportLogger;
  /** Extra headers on every call (a function is read per call, e.g. to pick a mock scenario). */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** Called for every validation failure (in every mode but "off"). */
  onValidationError?: (error: ResponseValidationError) => void;
}

/** Calls operations of the contract: the runtime under every generated fetcher. */
export interface Transport extends OperationCaller {
  /** The auth host's origin. */
  readonly authUrl: string;
  readonly validation: ValidationMode;
}

/** Creates the transport for an auth host: cookies included, JSON, fixed headers, timeouts, typed errors, validation by status. */
export function createTransport(options: TransportOptions): Transport {
  const authUrl = toAuthOrigin(options.authUrl);
  const validation = options.validation ?? "throw";
  const logger = options.logger ?? {
    warn: (message: string, details?: Record<string, unknown>) => console.warn(`[orgauth] ${message}`, details ?? ""),
  };
  const reader: ResponseReader = {
    validation,
    logger,
    report: (error) => {
      options.onValidationError?.(error);
      if (validation === "report") logger.warn(error.message, { operationId: error.operationId, status: error.status });
    },
  };

  // A registered id: the generated fetchers pass their own descriptors (the interface's method takes any).
  async function call<Data>(
    op: OperationDescriptor<OperationId>,
    request: OperationRequest,
    callOptions: RequestOptions = {},
  ): Promise<Data> {
    // One deadline over the whole call: waiting for the validators too, not only the exchange.
    const timeoutMs = callOptions.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const deadline = withTimeout(timeoutMs, callOptions.signal, options.timers);
    const timing: ExchangeOptions = [timeoutMs, callOptions.signal, undefined, undefined, deadline];
    try {
      // The validators load while the request is in flight (a call with a body waits for them: it is checked first);
      // with validation off only a body needs them, and with validation compiled out nothing does.
      const loading =
        (globalThis as ValidationSwitch).ORGAUTH_VALIDATION !== "off" && (op.body || validation !== "off")
          ? validatorsOf(op)
          : undefined;
      // Validators loaded by an earlier call are at hand: only a first call waits for them under the deadline.
      const body =
        op.body && loading
          ? checkedBody(
              op,
              loading instanceof Promise ? await withinDeadline(loading, deadline, timing) : loading,
              request,
              validation,
            )
          : request.body;
      const url = operationUrl(authUrl, op, request);
      const init: RequestInit = {
        method: op.method,
        credentials: "include",
        headers: {
          "Content-Type": "application/json",
          ...op.headers,
          ...(typeof options.headers === "function" ? options.headers() : options.headers),
          ...callOptions.headers,
        },
      };
      if (body !== undefined) init.body = JSON.stringify(body);
      // The URL and init go to fetch as given (no Request object, client, middleware or copied Response).
      return await exchange(
        options.fetch ?? globalThis.fetch,
        url,
        init,
        timing,
        async ([status, , , text, retryAfterMs]) => {
          const validators = await loading;
          // Success and error bodies are both read from the text the exchange buffered, with one JSON parser.
          if (status >= 200 && status < 300) return readSuccessResponse(reader, op, validators, status, text) as Data;
          throw readErrorResponse(reader, op, validators, status, text, retryAfterMs);
        },
      );
    } catch (error) {
      throw requestFailure(op.operationId, error, callOptions.signal);
    } finally {
      deadline.dispose();
    }
  }

  return { authUrl, validation, call };
}

/**
 * The request body as it goes on the wire: checked against the contract, with the fields the contract gives a
 * `default` filled in when the caller left them out. With validation off a body that does not match is sent as given.
 */
function checkedBody(
  op: OperationDescriptor<OperationId>,
  validators: OperationValidators,
  request: OperationRequest,
  validation: ValidationMode,
): unknown {
  if (!validators.body) return request.body;
  const result = validators.body.safeParse(request.body ?? {});
  if (result.success) return result.data;
  if (validation === "off") return request.body;
  throw new RequestValidationError(op.operationId, result.error.issues);
}
