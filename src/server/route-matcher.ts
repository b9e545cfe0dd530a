/**
 * `createRouteMatcher`: which request paths a rule covers, in the patterns Clerk's `createRouteMatcher` takes —
 * a path with `(.*)` for "anything from here" and `:name` for one segment (`"/app(.*)"`, `"/orgs/:id/settings"`),
 * a regular expression, or a list of them. Framework-free: it reads the path of a URL, a `Request` or a string.
 */
import { ServerConfigurationError } from "../transport/server-transport.js";

/** One pattern: a path (with `(.*)` and `:name`) or a regular expression tested against the path. */
export type RoutePattern = string | RegExp;

/** What a matcher reads the path from. */
export type RouteTarget = string | URL | { readonly url: string; readonly nextUrl?: URL };

/** True when the target's path matches one of the patterns. */
export type RouteMatcher = (target: RouteTarget) => boolean;

/**
 * The pattern as an anchored regular expression; `ServerConfigurationError` for a path that does not start with `/`.
 * A `RegExp` is copied without its `g` and `y` flags: with them `test` starts at the last match's end (`lastIndex`),
 * so every other request would not match.
 */
function compile(pattern: RoutePattern): RegExp {
  if (pattern instanceof RegExp) return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ""));
  if (typeof pattern !== "string" || !pattern.startsWith("/")) {
    throw new ServerConfigurationError(
      "routes",
      `routes: a route pattern starts with "/", got ${JSON.stringify(pattern)}`,
    );
  }
  const escaped = pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const source = escaped.replaceAll("\\(\\.\\*\\)", ".*").replace(/:[A-Za-z_][A-Za-z0-9_]*/g, "[^/]+");
  return new RegExp(`^${source}$`);
}

/** The path of a target: a path string as it is, else the URL's (Next's `nextUrl` when there is one). */
function pathOf(target: RouteTarget): string {
  if (typeof target === "string")
    return target.startsWith("/") ? (target.split(/[?#]/)[0] ?? "/") : new URL(target).pathname;
  if (target instanceof URL) return target.pathname;
  return (target.nextUrl ?? new URL(target.url)).pathname;
}

/** A matcher for the patterns (one or a list); throws `ServerConfigurationError` for a malformed pattern. */
export function createRouteMatcher(patterns: RoutePattern | readonly RoutePattern[]): RouteMatcher {
  const compiled = (Array.isArray(patterns) ? patterns : [patterns]).map(compile);
  return (target) => {
    const path = pathOf(target);
    return compiled.some((regex) => regex.test(path));
  };
}
