/** What every handler of the server session shares, in a module of its own so the session's parts can name it. */
import type { ServerBackend } from "./backend.js";
import type { ServerConfig } from "./options.js";
import type { AccessTokenVerifier } from "./verify.js";

/** What the handlers share: the checked options, the verifier, the auth host's calls. */
export interface ServerCore {
  config: ServerConfig;
  verify: AccessTokenVerifier;
  backend: ServerBackend;
}
