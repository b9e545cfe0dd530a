/** The testing kit's typed errors: a browser sign-in the emulator refused, a request the static client cannot make. */
import { OrgauthError } from "../shared/orgauth-error.js";

/**
 * `signInBrowser` could not sign the user in: the emulator refused (`status` and `code` from its answer: a wrong
 * admin secret, an unknown user, an org the user is not in), did not answer, or answered something that is not its
 * JSON (`cause`: the fetch's or the parser's error).
 */
export class BrowserSignInError extends OrgauthError {
  override readonly name = "BrowserSignInError";
  readonly type = "browser_sign_in";

  constructor(
    message: string,
    /** The emulator's HTTP status; undefined when it did not answer. */
    readonly status: number | undefined,
    /** The emulator's `error_code`, when its answer had one. */
    readonly code: string | undefined,
    options: { cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}

/** A call through the static client's default transport, which makes no request: pass a transport for the call. */
export class StaticClientRequestError extends OrgauthError {
  override readonly name = "StaticClientRequestError";
  readonly type = "static_client_request";

  constructor(
    /** The operation that was called. */
    readonly operationId: string,
  ) {
    super(
      `The static auth client makes no requests (${operationId} was called): pass a transport to createStaticAuthClient`,
    );
  }
}
