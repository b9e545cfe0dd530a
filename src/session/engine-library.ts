/**
 * What the engine's chunk uses of the first load's code, handed to it when it arrives instead of imported: an
 * import would make the two chunks share a module, and a bundler then splits that module (with everything it
 * shares) into a third chunk the page loads first. A lazy chunk pays for itself only when it imports nothing from
 * the rest.
 */
import { NO_RESPONSE_STATUS } from "../transport/errors.js";
import { AuthClientDestroyedError, RefreshError } from "./errors.js";
import { LogoutError } from "./logout-error.js";
import { parseStoredTime, STORAGE_KEYS } from "./persisted-state.js";
import { describeIssues, refreshOnce, sessionRequest, validatorsForAnswer } from "./refresh-request.js";
import { secondsRemaining } from "./token-lifetime.js";

/** The first load's classes, constants and functions the engine uses. */
export const ENGINE_LIBRARY = {
  AuthClientDestroyedError,
  RefreshError,
  LogoutError,
  NO_RESPONSE_STATUS,
  STORAGE_KEYS,
  parseStoredTime,
  describeIssues,
  refreshOnce,
  sessionRequest,
  validatorsForAnswer,
  secondsRemaining,
};

/** The library's type, for the engine's modules (which import nothing else from the first load). */
export type EngineLibrary = typeof ENGINE_LIBRARY;
