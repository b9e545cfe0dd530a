/** URLs of the provider's hosted pages and the redirect functions that navigate to them. */
import { OrgauthError } from "../shared/orgauth-error.js";
import { RequestValidationError } from "../transport/errors.js";
import { isWellFormedString, LONE_SURROGATE_MESSAGE } from "../transport/well-formed.js";
import { parseUrl } from "../shared/parse-url.js";
import { assertReturnTarget } from "./safe-navigation.js";
import { encodeReturnTo } from "./return-to.js";
import type { ClientParts } from "./client-parts.js";
import type { HostedPageUrls, RedirectFunctions } from "./types.js";
import { SOCIAL_LOGIN_PROVIDER_NAMES } from "../shared/social-providers.js";

/** Thrown when a relative `returnTo` cannot be resolved because there is no current page (server side). */
export class ReturnToError extends OrgauthError {
  override readonly name = "ReturnToError";
  readonly type = "return_to";

  constructor() {
    super("returnTo must be an absolute http(s) URL on a server (there is no current page)");
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
 * or one of `allowedRedirectOrigins` (on a server, only those). With `appRoutes` (a server session's auth routes,
 * e.g. `/api/auth`), login and signup are the app's own `{appRoutes}/login` and `/signup` (paths on the app's
 * origin), with the `returnTo`'s path as `return_to_path`.
 */
export function createHostedPageUrls(
  authOrigin: string,
  currentHref: () => string | null = () => null,
  allowedRedirectOrigins: readonly string[] = [],
  appRoutes?: string,
): HostedPageUrls {
  const allowedOrigins = new Set(allowedRedirectOrigins.map((origin) => new URL(origin).origin));
  const build = (path: string, returnTo: string | undefined, params: Record<string, string> = {}, routes?: string) => {
    const entries = Object.entries(params);
    checkWellFormed(path.slice(1), [...entries, ["returnTo", returnTo]]);
    const url = new URL(routes === undefined ? path : routes + path, authOrigin);
    const returnParam = routes === undefined ? "rt" : "return_to_path";
    for (const [key, value] of entries) url.searchParams.set(key, value);
    // the return target comes from `returnTo` alone, never from params
    url.searchParams.delete(returnParam);
    if (returnTo !== undefined) {
      const target = new URL(resolveReturnTo(returnTo, currentHref(), allowedOrigins));
      const value = routes === undefined ? encodeReturnTo(target.href) : target.pathname + target.search + target.hash;
      url.searchParams.set(returnParam, value);
    }
    // the app's own routes: a path on the app's origin, wherever the page is
    return routes === undefined ? url.href : url.pathname + url.search;
  };
  // only login and signup take params
  return {
    signup: (options) => build("/signup", options?.returnTo, options?.params, appRoutes),
    login: (options) => build("/login", options?.returnTo, options?.params, appRoutes),
    account: (options) => build("/account", options?.returnTo),
    org: (orgId, options) => build("/org", options?.returnTo, orgId === undefined ? {} : { id: orgId }),
    createOrg: (options) => build("/create_org", options?.returnTo),
    saml: (orgId, options) => {
      if (typeof orgId !== "string" || orgId === "") throw new TypeError("saml(orgId) requires an org id");
      return build("/saml", options?.returnTo, { id: orgId });
    },
    socialLogin: (provider) => {
      // a provider by its name ("Google") or its path ("google")
      const name = SOCIAL_LOGIN_PROVIDER_NAMES.find((known) => provider === known || provider === known.toLowerCase());
      if (name === undefined) {
        throw new TypeError(
          `Unknown social login provider: ${String(provider)}. Known: ${SOCIAL_LOGIN_PROVIDER_NAMES.join(", ")}`,
        );
      }
      return new URL(`/${name.toLowerCase()}/login`, authOrigin).href;
    },
  };
}

/** The URL builders of a client's parts for its auth host, built on first use and kept (the same object on every call). */
export function partsPageUrls(parts: ClientParts, authUrl: string): HostedPageUrls {
  parts.urls ??= createHostedPageUrls(authUrl, parts.currentHref, parts.allowedRedirectOrigins, parts.appRoutes);
  return parts.urls;
}

/** Builds redirect functions that navigate (through `navigate`) to the URLs of `urls`. */
export function createRedirectFunctions(urls: HostedPageUrls, navigate: (url: string) => void): RedirectFunctions {
  const to =
    <Page extends keyof HostedPageUrls>(page: Page) =>
    (...args: Parameters<HostedPageUrls[Page]>) =>
      navigate((urls[page] as (...pageArgs: typeof args) => string)(...args));
  return {
    toSignup: to("signup"),
    toLogin: to("login"),
    toAccount: to("account"),
    toOrg: to("org"),
    toCreateOrg: to("createOrg"),
    toSaml: to("saml"),
    toSocialLogin: to("socialLogin"),
  };
}
