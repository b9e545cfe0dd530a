/**
 * No engine warning for a contributor on a supported Node: every package `npm ci` installs here accepts the first
 * release of each Node line CONTRIBUTING supports (and the newest the lines had when checked), so `npm ci` prints
 * no `EBADENGINE`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { satisfiesRange } from "../support/node-range.js";

const ROOT = join(import.meta.dirname, "..", "..");
/** The Node releases a contributor may run: CONTRIBUTING's "Node 20.19+, 22.13+ or 24". */
const CONTRIBUTOR_NODES = ["20.19.0", "20.20.2", "22.13.0", "22.22.0", "24.0.0", "24.12.0"];

const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[]; version?: string }>;
};

describe("engines", () => {
  it("CONTRIBUTING names the Node lines the check uses", () => {
    expect(readFileSync(join(ROOT, "CONTRIBUTING.md"), "utf8")).toContain("Node 20.19+, 22.13+ or 24, then `npm ci`");
  });

  it("every installed package accepts every supported Node", () => {
    const refusing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      // a platform package npm skips here (another OS or CPU) is not installed, and warns about nothing
      if (path === "" || range === undefined || !existsSync(join(ROOT, path, "package.json"))) continue;
      const refused = CONTRIBUTOR_NODES.filter((node) => !satisfiesRange(node, range));
      if (refused.length > 0) refusing.push(`${path}@${entry.version} (${range}): not ${refused.join(", ")}`);
    }
    expect(refusing).toEqual([]);
  });

  it("reads npm's ranges as npm does", () => {
    expect(satisfiesRange("20.20.2", "^22.17.0 || >=24.0.0")).toBe(false);
    expect(satisfiesRange("22.17.0", "^22.17.0 || >=24.0.0")).toBe(true);
    expect(satisfiesRange("20.19.0", ">=20.11.0")).toBe(true);
    expect(satisfiesRange("22.12.0", "^20.19.0 || ^22.13.0 || >=24.0.0")).toBe(false);
    expect(satisfiesRange("18.0.0", ">= 16 < 19")).toBe(true);
    expect(satisfiesRange("20.1.0", "20.x")).toBe(true);
    expect(satisfiesRange("21.0.0", "^20")).toBe(false);
    expect(satisfiesRange("14.0.0", "*")).toBe(true);
  });
});
