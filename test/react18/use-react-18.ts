/**
 * Setup file of the vitest project "react18": makes Node's own `require` hand out the React 18 copies
 * (`react-18`, `react-dom-18`, aliased devDependencies) wherever CommonJS code asks for `react` or `react-dom`.
 *
 * The project's `resolve.alias` already does this for code Vite transforms (our sources, the tests,
 * @tanstack/react-query and @testing-library/react, which the project inlines). React itself is CommonJS and
 * Node loads it outside Vite: react-dom 18 calls `require("react")`, and so do React 18's jsx runtimes, and
 * from node_modules that finds React 19. Without this hook react-dom 18 would run against React 19's internals.
 * The hook is removed after the file's tests; the modules already loaded stay keyed by their React 18 paths.
 */
import Module from "node:module";
import { afterAll } from "vitest";

const REDIRECTS: [RegExp, string][] = [
  [/^react-dom(?=$|\/)/, "react-dom-18"],
  [/^react(?=$|\/)/, "react-18"],
];

type ResolveFilename = (request: string, ...rest: unknown[]) => string;
const moduleInternals = Module as unknown as { _resolveFilename: ResolveFilename };
const original = moduleInternals._resolveFilename;

moduleInternals._resolveFilename = function resolveReact18(this: unknown, request: string, ...rest: unknown[]): string {
  for (const [pattern, replacement] of REDIRECTS) {
    if (pattern.test(request)) return original.call(this, request.replace(pattern, replacement), ...rest);
  }
  return original.call(this, request, ...rest);
};

afterAll(() => {
  moduleInternals._resolveFilename = original;
});
