export { createTransport, DEFAULT_TIMEOUT_MS } from "./create-transport.js";
export type { Transport, TransportLogger, TransportOptions, ValidationMode } from "./create-transport.js";
export { toAuthOrigin, INVALID_AUTH_URL_MESSAGE } from "./auth-url.js";
export { ApiError, ResponseValidationError, RequestValidationError, isApiError, UNEXPECTED_ERROR_MESSAGE } from "./errors.js";
export type { ApiErrorDetails } from "./errors.js";
export { ExchangeFailure, type ExchangeFailureKind } from "./exchange.js";
