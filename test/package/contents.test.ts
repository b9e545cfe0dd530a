import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";

/** What the tarball holds, as installed: a licence, the README's images, and no source maps without sources. */
const installed = join(inject("packedAppDir"), "node_modules", "orgauth");

describe("the packed package's contents", () => {
  it("ships the LICENSE its package.json names", () => {
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as { license: string };
    expect(manifest.license).toBe("MIT");
    expect(readFileSync(join(installed, "LICENSE"), "utf8")).toMatch(/^MIT License/);
  });

  it("ships every image the README shows", () => {
    const readme = readFileSync(join(installed, "README.md"), "utf8");
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((image) => !/^https?:/.test(image) && !existsSync(join(installed, image)))).toEqual([]);
  });

  it("ships no source maps (there are no sources in the package for them to point to)", () => {
    expect(readdirSync(join(installed, "dist")).filter((file) => file.endsWith(".map"))).toEqual([]);
  });

  it("marks the client code, and only it, as such for server-component frameworks", () => {
    const dist = join(installed, "dist");
    const clientHalves = ["react-client", "react-session-hooks", "nextjs-client"].flatMap((name) => [
      `${name}.js`,
      `${name}.cjs`,
    ]);
    for (const file of [...clientHalves, "testing/react.js", "testing/react.cjs"]) {
      expect(readFileSync(join(dist, file), "utf8").startsWith('"use client";')).toBe(true);
    }
    const unmarked = readdirSync(dist).filter((file) => /\.c?js$/.test(file) && !clientHalves.includes(file));
    expect(unmarked).toEqual(expect.arrayContaining(["react.js", "react.cjs", "index.js", "adapter.js"]));
    for (const file of unmarked) expect(readFileSync(join(dist, file), "utf8"), file).not.toContain('"use client"');
    // the entry re-exports the client half from its own file instead of copying it in
    expect(readFileSync(join(dist, "react.js"), "utf8")).toContain("export * from './react-client.js';");
    expect(readFileSync(join(dist, "react.cjs"), "utf8")).toContain("require('./react-client.cjs')");
  });
});
