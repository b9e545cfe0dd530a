/** URLs of the provider's hosted pages and the redirect functions that navigate to them. */
import { OrgauthError } from "../shared/orgauth-error.js";
import { RequestValidationError } from "../transport/errors.js";
import { isWellFormedString, LONE_SURROGATE_MESSAGE } from "../transport/well-formed.js";
import { parseUrl } from "../shared/parse-url.js";
import { assertReturnTarget } from "./safe-navigation.js";
import { encodeReturnTo } from "./return-to.js";
import type { HostedPageOptions, HostedPageUrls, RedirectFunctions, SignupLoginPageOptions } from "./types.js";
import {
  SOCIAL_LOGIN_PROVIDER_NAMES,
  SOCIAL_LOGIN_PROVIDERS,
  type SocialLoginProviderName,
} from "../shared/social-providers.js";

/** Thrown when a relative `returnTo` cannot be resolved because there is no current page (server side). */
export class ReturnToError extends OrgauthError {
  override readonly name = "ReturnToError";
  readonly type = "return_to";

  constructor() {
    super("returnTo must be an absolute http(s) URL when there is no current page (e.g. during server rendering)");
  }
}

function resolveReturnTo(returnTo: string, currentHref: string | null, allowedOrigins: ReadonlySet<string>): string {
  if (currentHref === null && !parseUrl(returnTo)) throw new ReturnToError();
  return assertReturnTarget(returnTo, currentHref, allowedOrigins);
}

/** Refuses (RequestValidationError, nothing built) a value with a lone surrogate, which a URL would turn into U+FFFD. */
function checkWellFormed(page: string, entries: [string, unknown][]): void {
  const issues = entries
    .filter(([name, value]) => !isWellFormedString(name) || (typeof value === "string" && !isWellFormedString(value)))
    .map(([name]) => ({ path: [name], message: LONE_SURROGATE_MESSAGE }));
  if (issues.length) throw new RequestValidationError(`hostedPage:${page}`, issues);
}

/**
 * Builds the hosted-page URL builders for an auth origin. `currentHref` resolves relative `returnTo` values (it
 * returns null on a server, where `returnTo` must be absolute); a `returnTo` must be on the current page's origin
 * or one of `allowedRedirectOrigins` (on a server, only those).
 */
export function createHostedPageUrls(
  authOrigin: string,
  currentHref: () => string | null = () => null,
  allowedRedirectOrigins: readonly string[] = [],
): HostedPageUrls {
  const allowedOrigins = new Set(allowedRedirectOrigins.map((origin) => new URL(origin).origin));
  const build = (path: string, options: SignupLoginPageOptions | undefined, fixed: Record<string, string> = {}) => {
    checkWellFormed(path.slice(1), [
      ...Object.entries(options?.params ?? {}),
      ...Object.entries(fixed),
      ["returnTo", options?.returnTo],
    ]);
    const url = new URL(path, authOrigin);
    for (const [key, value] of Object.entries(options?.params ?? {})) {
      if (key !== "rt") url.searchParams.set(key, value);
    }
    for (const [key, value] of Object.entries(fixed)) url.searchParams.set(key, value);
    url.searchParams.delete("rt");
    if (options?.returnTo !== undefined) {
      url.searchParams.set("rt", encodeReturnTo(resolveReturnTo(options.returnTo, currentHref(), allowedOrigins)));
    }
    return url.href;
  };
  const withoutParams = (options: HostedPageOptions | undefined): SignupLoginPageOptions | undefined =>
    options?.returnTo === undefined ? undefined : { returnTo: options.returnTo };
  return {
    signup: (options) => build("/signup", options),
    login: (options) => build("/login", options),
    account: (options) => build("/account", withoutParams(options)),
    org: (orgId, options) => build("/org", withoutParams(options), orgId === undefined ? {} : { id: orgId }),
    createOrg: (options) => build("/create_org", withoutParams(options)),
    saml: (orgId, options) => {
      if (typeof orgId !== "string" || orgId === "") throw new TypeError("saml(orgId) requires an org id");
      return build("/saml", withoutParams(options), { id: orgId });
    },
    socialLogin: (provider) => {
      const path = SOCIAL_LOGIN_PROVIDERS.find(
        (known) => typeof provider === "string" && known === provider.toLowerCase(),
      );
      if (
        path === undefined ||
        (provider !== path && !SOCIAL_LOGIN_PROVIDER_NAMES.includes(provider as SocialLoginProviderName))
      ) {
        throw new TypeError(
          `Unknown social login provider: ${String(provider)}. Known: ${SOCIAL_LOGIN_PROVIDER_NAMES.join(", ")}`,
        );
      }
      return new URL(`/${path}/login`, authOrigin).href;
    },
  };
}

/** Builds redirect functions that navigate (through `navigate`) to the URLs of `urls`. */
export function createRedirectFunctions(urls: HostedPageUrls, navigate: (url: string) => void): RedirectFunctions {
  return {
    toSignup: (options) => navigate(urls.signup(options)),
    toLogin: (options) => navigate(urls.login(options)),
    toAccount: (options) => navigate(urls.account(options)),
    toOrg: (orgId, options) => navigate(urls.org(orgId, options)),
    toCreateOrg: (options) => navigate(urls.createOrg(options)),
    toSaml: (orgId, options) => navigate(urls.saml(orgId, options)),
    toSocialLogin: (provider) => navigate(urls.socialLogin(provider)),
  };
}
