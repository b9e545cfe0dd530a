/**
 * The typed error of navigation safety, in a file of its own: the code that checks navigation targets is loaded apart
 * from the session's calls in the Next.js browser half (nextjs/client/redirects.ts), and shares no file with them.
 */
import { OrgauthError } from "../shared/orgauth-error.js";

/**
 * A navigation target we refuse: not http(s) (e.g. `javascript:`, `data:`), not a URL at all, plain http from the
 * server to a non-loopback host, or a `returnTo` on another origin than the app's (an open redirect).
 */
export class UnsafeNavigationError extends OrgauthError {
  override readonly name = "UnsafeNavigationError";
  readonly type = "unsafe_navigation";

  /** The refused scheme (e.g. "javascript:"), or null when the target was not a URL or the origin was refused. */
  declare readonly scheme: string | null;

  constructor(scheme: string | null, source: string, reason?: string) {
    // one sentence for every case: the source, then why
    super(
      `Refusing to navigate from the ${source}: ${reason ?? (scheme === null ? "not a valid URL" : `a ${scheme} URL (only http: and https: are allowed)`)}`,
    );
    this.scheme = scheme;
  }
}
