export { createTransport } from "./create-transport.js";
export { DEFAULT_TIMEOUT_MS, type Timers } from "./timeout.js";
export type { Transport, TransportOptions } from "./create-transport.js";
export type { TransportLogger, ValidationMode } from "./read-response.js";
export {
  ApiError,
  ResponseValidationError,
  RequestValidationError,
  isApiError,
  NO_RESPONSE_STATUS,
} from "./errors.js";
export type { ApiErrorDetails, OperationError } from "./errors.js";
export { forwardCookies, type CookieSource } from "./forward-cookies.js";
export { ExchangeFailure, type ExchangeFailureKind } from "./exchange.js";
export type { WithOptionalHeaders } from "./openapi-fetch.js";
export type {
  EmptyRequest,
  HttpMethod,
  OperationCaller,
  OperationDescriptor,
  OperationRequest,
  OperationValidators,
  Register,
  RequestOptions,
  UndefinedAllowed,
  WithDefaults,
} from "./operation.js";
