/**
 * What the engine's chunk uses of the first load's code, handed to it when it arrives instead of imported: an
 * import would make the two chunks share code, and a bundler puts what they share (with the classes it extends)
 * into a third chunk the page loads first. A later chunk pays for itself only when it imports nothing of the rest.
 */
import type { ValidationSwitch } from "../generated/zod/compile-out-switch.js";
import { NO_RESPONSE_STATUS } from "../transport/errors.js";
import { withTimeout } from "../transport/timeout.js";
import {
  AuthClientDestroyedError,
  LogoutError,
  REFRESH_NO_RESPONSE_STATUS,
  RefreshError,
  UNPROCESSABLE_AUTH_RESPONSE,
} from "./errors.js";
import { toAuthInfo } from "./auth-info.js";
import { parseStoredTime, STORAGE_KEYS } from "./persisted-state.js";
import { loadSessionValidators, refreshOnce, sessionRequest } from "./refresh-request.js";

/**
 * The first load's classes, constants and functions the engine uses, in this order (a list, not a record: the
 * engine destructures it into local names, which minify, where a record's keys would be written in both chunks). A
 * function, not a constant: a bundle that never creates a client drops it and all it names (a constant reading the
 * validation switch would be kept wherever its package chunk is).
 */
export const engineLibrary = () =>
  [
    AuthClientDestroyedError,
    RefreshError,
    LogoutError,
    NO_RESPONSE_STATUS,
    REFRESH_NO_RESPONSE_STATUS,
    UNPROCESSABLE_AUTH_RESPONSE,
    STORAGE_KEYS,
    parseStoredTime,
    toAuthInfo,
    refreshOnce,
    sessionRequest,
    withTimeout,
    // none with validation compiled out: the loader and its import() are dropped with the branch that reads it
    (globalThis as ValidationSwitch).ORGAUTH_VALIDATION === "off" ? undefined : loadSessionValidators,
  ] as const;

/** The library's type, for the engine's modules (which import nothing else of the first load but types). */
export type EngineLibrary = ReturnType<typeof engineLibrary>;
