/**
 * What the engine's chunk uses of the first load's code, handed to it when it arrives instead of imported: an
 * import would make the two chunks share code, and a bundler puts what they share (with the classes it extends)
 * into a third chunk the page loads first. A later chunk pays for itself only when it imports nothing of the rest.
 */
import { NO_RESPONSE_STATUS } from "../transport/errors.js";
import { withTimeout } from "../transport/timeout.js";
import { AuthClientDestroyedError, LogoutError, RefreshError } from "./errors.js";
import { parseStoredTime, STORAGE_KEYS } from "./persisted-state.js";
import {
  describeIssues,
  loadSessionValidators,
  refreshOnce,
  sessionRequest,
  unprocessable,
} from "./refresh-request.js";

/** The first load's classes, constants and functions the engine uses. */
export const ENGINE_LIBRARY = {
  AuthClientDestroyedError,
  RefreshError,
  LogoutError,
  NO_RESPONSE_STATUS,
  STORAGE_KEYS,
  parseStoredTime,
  describeIssues,
  loadSessionValidators,
  refreshOnce,
  sessionRequest,
  unprocessable,
  withTimeout,
};

/** The library's type, for the engine's modules (which import nothing else of the first load but types). */
export type EngineLibrary = typeof ENGINE_LIBRARY;
