/**
 * examples/nextjs on Next.js 16, as a team upgrading from 15 has it: the same app with `middleware.ts` renamed to
 * `proxy.ts` (which exports `proxy` and takes no `runtime`: a proxy always runs on Node.js). It gets an app
 * directory of its own beside the packed app, whose `next` is 16 (the `next16` devDependency) and whose `orgauth` is
 * a copy of the unpacked tarball, so that both the example and orgauth/nextjs resolve `next` to 16.
 */
import { cpSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import type { PackedApp } from "../../scripts/lib/packed-app.js";
import { copyExample } from "./example-apps.js";

/** Entries of the packed app's node_modules the Next.js 16 app does not link (it has its own). */
const OWN_COPIES = new Set(["next", "next16", "orgauth", ".bin"]);

/** The proxy file Next.js 16 reads in place of `middleware.ts`: the same function under its new name. */
const PROXY_FILE = `import { authMiddleware } from "orgauth/nextjs";

export const proxy = authMiddleware;

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
`;

/**
 * Makes the Next.js 16 app beside `app` (a copy, not a link, of next 16 and of orgauth: Node resolves a linked
 * package's imports from its real path, where `next` is 15) and returns the example's folder in it.
 */
export function createNext16Example(app: PackedApp): string {
  const dir = join(app.dir, "..", "app-next16");
  const modules = join(dir, "node_modules");
  mkdirSync(modules, { recursive: true });
  for (const entry of readdirSync(join(app.dir, "node_modules"))) {
    if (!OWN_COPIES.has(entry)) symlinkSync(join(app.dir, "node_modules", entry), join(modules, entry));
  }
  cpSync(join(repoRoot, "node_modules", "next16"), join(modules, "next"), { recursive: true });
  cpSync(join(app.dir, "node_modules", "orgauth"), join(modules, "orgauth"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "orgauth-next16", private: true, type: "module" }));
  const exampleDir = copyExample("nextjs", dir);
  rmSync(join(exampleDir, "middleware.ts"));
  writeFileSync(join(exampleDir, "proxy.ts"), PROXY_FILE);
  return exampleDir;
}
