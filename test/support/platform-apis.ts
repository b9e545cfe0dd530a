/**
 * Platform APIs that some runtime orgauth supports lacks: jsdom 20 (jest 29's `jest-environment-jsdom`) or a
 * browser the `browserslist` names. `probe` is an expression that is truthy in a window that has the API (null: a
 * JavaScript built-in, which jsdom takes from Node); `since` the first Chrome, Firefox and Safari release with it
 * (MDN's compatibility data); `detect` the feature test that makes a use safe where it is missing.
 */
export interface PlatformApi {
  name: string;
  /** How a call or reference looks in comment-free source. */
  use: RegExp;
  probe: string | null;
  since: { chrome: number; firefox: number; safari: number };
  detect?: RegExp;
}

/** The catalogue the platform check reads. */
export const PLATFORM_APIS: readonly PlatformApi[] = [
  {
    name: "AbortSignal.prototype.throwIfAborted",
    use: /\.throwIfAborted\(/,
    probe: "AbortSignal.prototype.throwIfAborted",
    since: { chrome: 100, firefox: 97, safari: 15.4 },
  },
  {
    name: "AbortSignal.timeout",
    use: /AbortSignal\.timeout\(/,
    probe: "AbortSignal.timeout",
    since: { chrome: 103, firefox: 100, safari: 16 },
  },
  {
    name: "AbortSignal.any",
    use: /AbortSignal\.any\(/,
    probe: "AbortSignal.any",
    since: { chrome: 116, firefox: 124, safari: 17.4 },
  },
  {
    name: "URL.canParse",
    use: /URL\.canParse\(/,
    probe: "URL.canParse",
    since: { chrome: 120, firefox: 115, safari: 17 },
  },
  { name: "URL.parse", use: /URL\.parse\(/, probe: "URL.parse", since: { chrome: 126, firefox: 126, safari: 18 } },
  {
    name: "structuredClone",
    use: /\bstructuredClone\(/,
    probe: "globalThis.structuredClone",
    since: { chrome: 98, firefox: 94, safari: 15.4 },
  },
  {
    name: "Request",
    use: /\bnew Request\(|instanceof Request\b/,
    probe: "globalThis.Request",
    since: { chrome: 42, firefox: 39, safari: 10.1 },
  },
  {
    name: "Response",
    use: /\bnew Response\(|instanceof Response\b|Response\.json\(/,
    probe: "globalThis.Response",
    since: { chrome: 42, firefox: 39, safari: 10.1 },
  },
  {
    name: "TextEncoder / TextDecoder",
    use: /\bnew Text(En|De)coder\(/,
    probe: "globalThis.TextEncoder",
    since: { chrome: 38, firefox: 19, safari: 10.1 },
  },
  {
    name: "BroadcastChannel",
    use: /\bnew BroadcastChannel\(/,
    probe: "globalThis.BroadcastChannel",
    since: { chrome: 54, firefox: 38, safari: 15.4 },
    detect: /typeof globalThis\.BroadcastChannel !== "function"|!globalThis\.BroadcastChannel\b/,
  },
  {
    name: "navigator.locks",
    use: /navigator\b[^;]*\.locks\b/,
    probe: "navigator.locks",
    since: { chrome: 69, firefox: 96, safari: 15.4 },
    detect: /typeof locks\.request !== "function"/,
  },
  {
    name: "crypto.randomUUID",
    use: /\.randomUUID\(/,
    probe: "globalThis.crypto?.randomUUID",
    since: { chrome: 92, firefox: 95, safari: 15.4 },
  },
  {
    name: "requestIdleCallback",
    use: /\brequestIdleCallback\(/,
    probe: "globalThis.requestIdleCallback",
    since: { chrome: 47, firefox: 55, safari: 999 },
  },
  {
    name: "MessageChannel",
    use: /\bnew MessageChannel\(/,
    probe: "globalThis.MessageChannel",
    since: { chrome: 2, firefox: 41, safari: 5 },
  },
  {
    name: "Promise.withResolvers",
    use: /Promise\.withResolvers\(/,
    probe: null,
    since: { chrome: 119, firefox: 121, safari: 17.4 },
  },
  {
    name: "Array.prototype.toSorted / toReversed / toSpliced",
    use: /\.(toSorted|toReversed|toSpliced)\(/,
    probe: null,
    since: { chrome: 110, firefox: 115, safari: 16 },
  },
  {
    name: "Object.groupBy / Map.groupBy",
    use: /\b(Object|Map)\.groupBy\(/,
    probe: null,
    since: { chrome: 117, firefox: 119, safari: 17.4 },
  },
  {
    name: "String.prototype.isWellFormed / toWellFormed",
    use: /\.(isWellFormed|toWellFormed)\(/,
    probe: null,
    since: { chrome: 111, firefox: 119, safari: 16.4 },
  },
  {
    name: "Set methods (union …)",
    use: /\.(union|intersection|symmetricDifference|isSubsetOf|isSupersetOf|isDisjointFrom)\(/,
    probe: null,
    since: { chrome: 122, firefox: 127, safari: 17 },
  },
  {
    name: "Array.fromAsync",
    use: /Array\.fromAsync\(/,
    probe: null,
    since: { chrome: 121, firefox: 115, safari: 16.4 },
  },
];
