import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../scripts/lib/repo-root.js";

/**
 * The rows of `npm run size`: each is one job done with orgauth and with the vendor's SDK (@propelauth/react,
 * @propelauth/frontend-apis-react, @propelauth/javascript), both bundled from packages as installed.
 */
export interface SizeRow {
  name: string;
  /** The app code importing orgauth (resolved in the throwaway app the packed tarball is installed in). */
  orgauth: string;
  /** The same job with the vendor's packages. */
  vendor: string;
  /** The aim for orgauth's initial download, in gzip bytes or as a ratio to the vendor's. */
  aim?: { gzipBytes: number } | { ratio: number };
  /** True: orgauth's validation compiled out (the app's bundler defines VALIDATION_OFF). */
  validationOff?: boolean;
  /** True: TanStack Query is bundled too (the app uses no query hook, so it is not an app dependency on either side). */
  bundlesQuery?: boolean;
  /** True: a Next.js app's browser half (`next` stays external, as the framework's own code). */
  nextjs?: boolean;
}

const app = (name: string): string => readFileSync(join(repoRoot, "bench", "apps", name), "utf8");

/** The comparison rows, with the aims the size report checks. */
export function sizeRows(): SizeRow[] {
  const oneFetcher = `export { listOrgMembers, createTransport } from "orgauth";`;
  const vendorFeClient = `export { createFrontendApisClient } from "@propelauth/frontend-apis";`;
  return [
    {
      name: "typical app (bench/apps)",
      orgauth: app("orgauth-app.tsx"),
      vendor: app("vendor-app.tsx"),
      aim: { ratio: 1.0 },
    },
    {
      name: "typical app, validation compiled out",
      orgauth: app("orgauth-app.tsx"),
      vendor: app("vendor-app.tsx"),
      aim: { ratio: 1.0 },
      validationOff: true,
    },
    {
      name: "session-only app (no front-end API calls)",
      orgauth: app("orgauth-session-app.tsx"),
      vendor: app("vendor-session-app.tsx"),
      aim: { ratio: 1.0 },
      bundlesQuery: true,
    },
    {
      name: "createAuthClient alone (vendor: createClient)",
      orgauth: `export { createAuthClient } from "orgauth";`,
      vendor: `export { createClient } from "@propelauth/javascript";`,
      aim: { gzipBytes: 6 * 1024 },
    },
    {
      name: "one fetcher: listOrgMembers + transport (vendor: its whole API client)",
      orgauth: oneFetcher,
      vendor: vendorFeClient,
      aim: { gzipBytes: 3.6 * 1024 },
    },
    {
      name: "one fetcher, validation compiled out",
      orgauth: oneFetcher,
      vendor: vendorFeClient,
      aim: { gzipBytes: 3.6 * 1024 },
      validationOff: true,
    },
    {
      name: "Next.js browser half (vendor: @propelauth/nextjs/client)",
      orgauth: app("orgauth-nextjs-client-app.tsx"),
      vendor: app("vendor-nextjs-client-app.tsx"),
      aim: { ratio: 1.0 },
      nextjs: true,
    },
    {
      name: "whole library (every browser entry)",
      orgauth: `export * from "orgauth"; export * from "orgauth/react";`,
      vendor: `export * from "@propelauth/javascript"; export * from "@propelauth/frontend-apis"; export * from "@propelauth/react"; export * from "@propelauth/frontend-apis-react";`,
    },
  ];
}

/** The part of the product an input file of a bundle belongs to (for the per-part breakdown). */
export function partOf(file: string): string {
  const path = file.replace(/^.*node_modules\//, "node_modules/");
  const rules: [RegExp, string][] = [
    [/^node_modules\/zod\//, "zod/mini"],
    [/^node_modules\/openapi-fetch\//, "openapi-fetch"],
    [/src\/session\//, "session engine"],
    [/src\/transport\//, "transport"],
    [/src\/hooks\//, "React layer"],
    [/src\/generated\/queries\.ts$/, "generated hooks"],
    [/src\/generated\/zod\.ts$/, "validators"],
    [/src\/generated\/operations\.ts$/, "descriptors + fetchers"],
    [/^node_modules\/@propelauth\/javascript\//, "vendor session client (@propelauth/javascript)"],
    [/^node_modules\/@propelauth\/frontend-apis\//, "vendor API calls (frontend-apis)"],
    [/^node_modules\/@propelauth\/frontend-apis-react\//, "vendor React glue (frontend-apis-react)"],
    [/^node_modules\/@propelauth\/react\//, "vendor React layer (@propelauth/react)"],
    [/^node_modules\/@propelauth\/nextjs\//, "vendor Next.js client (@propelauth/nextjs)"],
    [/src\/nextjs\//, "Next.js browser half"],
  ];
  for (const [pattern, part] of rules) if (pattern.test(path)) return part;
  if (path.startsWith("node_modules/"))
    return path
      .split("/")
      .slice(1, path.startsWith("node_modules/@") ? 3 : 2)
      .join("/");
  return "app code";
}
