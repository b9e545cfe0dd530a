export { createTransport, DEFAULT_TIMEOUT_MS } from "./create-transport.js";
export type { Transport, TransportLogger, TransportOptions, ValidationMode } from "./create-transport.js";
export { toAuthOrigin, INVALID_AUTH_URL_MESSAGE } from "./auth-url.js";
export {
  ApiError,
  ResponseValidationError,
  RequestValidationError,
  isApiError,
  NO_RESPONSE_STATUS,
  UNEXPECTED_ERROR_MESSAGE,
} from "./errors.js";
export type { ApiErrorDetails, OperationError } from "./errors.js";
export { forwardCookies, type CookieSource } from "./forward-cookies.js";
export { ExchangeFailure, type ExchangeFailureKind } from "./exchange.js";
export { HTTP_METHODS } from "./operation.js";
export type {
  EmptyRequest,
  HttpMethod,
  OperationCaller,
  OperationDescriptor,
  OperationRequest,
  RequestOptions,
  UndefinedAllowed,
  WithDefaults,
} from "./operation.js";
