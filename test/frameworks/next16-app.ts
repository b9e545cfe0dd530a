/**
 * examples/nextjs on Next.js 16, as a team upgrading from 15 has it and builds it: the example at the root of a
 * folder of its own with `middleware.ts` renamed to `proxy.ts` (which exports `proxy`, the same `createOrgauth`
 * middleware), its own `node_modules`
 * holding real files (Turbopack compiles nothing outside the app's root, so a link into this repository would not
 * do): the packed tarball unpacked into `node_modules/orgauth`, and `next` 16 (the `next16` devDependency) with every
 * other package the example and orgauth need copied from this repository's node_modules. Nothing is downloaded.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { PackedApp } from "../../scripts/lib/packed-app.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { copyExample } from "./example-apps.js";

/**
 * The proxy file Next.js 16 reads in place of `middleware.ts`: the example's middleware under its new name, without
 * the `runtime` setting (a proxy always runs on Node.js).
 */
function proxyFile(middleware: string): string {
  const proxy = middleware
    .replace("export const middleware =", "export const proxy =")
    .replace(/^[ \t]*runtime: "nodejs",\n/m, "")
    .replace(/^[ \t]*\/\/ Node\.js, as pages.*\n/m, "");
  if (proxy === middleware || /runtime:/.test(proxy)) throw new Error("examples/nextjs/middleware.ts changed shape");
  return proxy;
}

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
  const middleware = readFileSync(join(dir, "middleware.ts"), "utf8");
  rmSync(join(dir, "middleware.ts"));
  writeFileSync(join(dir, "proxy.ts"), proxyFile(middleware));
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
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
