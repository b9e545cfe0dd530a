/** What a guard found for a request — the caller and the route's org membership — kept beside the request object. */
import type { AuthOrg } from "../session/auth-objects.js";
import type { Caller } from "./caller.js";

/** The caller a guard let through (undefined: an optional guard without a credential) and the route org's membership. */
export interface RequestAuth {
  readonly caller: Caller | undefined;
  /** The membership the org guard checked (undefined for `requireUser` and `optionalUser`). */
  readonly org: AuthOrg | undefined;
}

const NONE: RequestAuth = Object.freeze({ caller: undefined, org: undefined });

/** A store of each request's auth, keyed by the framework's request object (nothing kept after the request is gone). */
export function requestAuthStore(): {
  set(request: object, auth: RequestAuth): void;
  get(request: object): RequestAuth;
} {
  const found = new WeakMap<object, RequestAuth>();
  return {
    set: (request, auth) => void found.set(request, Object.freeze(auth)),
    get: (request) => found.get(request) ?? NONE,
  };
}
