/**
 * examples/nextjs on Next.js 16 as a session-only app: the example at the root of a folder of its own, its providers,
 * layout, home page, configuration, auth routes and middleware replaced by docs/nextjs.md's files as written (the
 * middleware as the docs' `proxy.ts`), without the pages that use TanStack Query (dashboard, members) and without
 * `@tanstack/react-query` in its manifest or its `node_modules`. That folder holds real files (Turbopack compiles
 * nothing outside the app's root, so a link into this repository would not do): the packed tarball unpacked into
 * `node_modules/orgauth`, and `next` 16 (the `next16` devDependency) with every other package the app and orgauth
 * need copied from this repository's node_modules. Nothing is downloaded.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { PackedApp } from "../../scripts/lib/packed-app.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { writeDocsFiles } from "./docs-app.js";
import { copyExample } from "./example-apps.js";

/** The example's files that use TanStack Query or that the docs' files stand in for. */
const REPLACED = [
  "middleware.ts",
  "app/providers.tsx",
  "app/session-status.tsx",
  "app/app/dashboard",
  "app/app/members",
  "lib/server-auth.ts",
];

/** Where this repository keeps a package the app installs (`next` is the `next16` alias). */
const sourceOf = (name: string) => join(repoRoot, "node_modules", name === "next" ? "next16" : name);

/** The version of a package this repository has. */
const dependencyVersion = (name: string): string =>
  (JSON.parse(readFileSync(join(sourceOf(name), "package.json"), "utf8")) as { version: string }).version;

/** The dependencies (and the optional ones) of a package's manifest; with `dev`, its devDependencies too. */
function dependenciesOf(dir: string, dev = false): string[] {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, unknown>;
  const fields = ["dependencies", "optionalDependencies", ...(dev ? ["devDependencies"] : [])];
  return fields.flatMap((field) => Object.keys((manifest[field] as Record<string, string> | undefined) ?? {}));
}

/**
 * Copies into `modules` every package `roots` need, flat, as npm hoists them: a dependency a package carries in its
 * own node_modules comes along with it; an optional one this repository does not have is left out.
 */
function copyPackages(roots: string[], modules: string): void {
  const copied = new Set<string>();
  const pending = [...roots];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (copied.has(name) || !existsSync(sourceOf(name))) continue;
    copied.add(name);
    cpSync(sourceOf(name), join(modules, name), { recursive: true, dereference: true });
    const own = join(sourceOf(name), "node_modules");
    for (const dependency of dependenciesOf(sourceOf(name))) {
      if (!existsSync(join(own, dependency))) pending.push(dependency);
    }
  }
}

/** Makes the Next.js 16 app beside `app` and returns its folder (the example at its root). */
export function createNext16Example(app: PackedApp): string {
  const dir = copyExample("nextjs", join(app.dir, ".."), "next16");
  for (const path of REPLACED) rmSync(join(dir, path), { recursive: true });
  writeDocsFiles(dir, "proxy.ts");
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  delete manifest.dependencies["@tanstack/react-query"];
  manifest.dependencies.next = dependencyVersion("next");
  manifest.dependencies.orgauth = `file:../${basename(app.tarball)}`;
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const installed = join(dir, "node_modules", "orgauth");
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", app.tarball, "-C", installed, "--strip-components=1"]);
  const roots = [...dependenciesOf(dir, true), ...dependenciesOf(installed)].filter((name) => name !== "orgauth");
  copyPackages(roots, join(dir, "node_modules"));
  return dir;
}
