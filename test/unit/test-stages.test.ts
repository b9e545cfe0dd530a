/** The named test stages: each runnable on its own through package.json, and system packages left to CI's script. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { STAGES } from "../../scripts/lib/test-stages.js";

const ROOT = join(import.meta.dirname, "..", "..");
const scripts = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> })
  .scripts;
const projects = [...readFileSync(join(ROOT, "vitest.config.ts"), "utf8").matchAll(/name: "([\w-]+)"/g)].map(
  (match) => match[1]!,
);

describe("the test stages", () => {
  it("each has an npm script test:<stage> that runs it alone", () => {
    for (const stage of STAGES)
      expect(scripts[`test:${stage.name}`], stage.name).toBe(`tsx scripts/test.ts ${stage.name}`);
  });

  it("npm test runs them all, and every test:<stage> script names a stage", () => {
    expect(scripts.test).toBe("tsx scripts/test.ts");
    const named = Object.keys(scripts)
      .filter((script) => script.startsWith("test:") && script !== "test:watch")
      .map((script) => script.slice("test:".length));
    expect(named.sort()).toEqual(STAGES.map((stage) => stage.name).sort());
  });

  it("run every vitest project", () => {
    const run = STAGES.flatMap((stage) => stage.steps).flatMap((step) =>
      step.args.flatMap((arg, index) => (step.args[index - 1] === "--project" ? [arg] : [])),
    );
    expect(projects.length).toBeGreaterThan(5);
    expect(projects.filter((project) => !run.includes(project))).toEqual([]);
  });

  it("install no system package, .ci/run included: the browser and PostgreSQL come from npm", () => {
    const runners = [
      join(ROOT, ".ci", "run"),
      join(ROOT, "scripts", "test.ts"),
      ...readdirSync(join(ROOT, "scripts", "lib")).map((file) => join(ROOT, "scripts", "lib", file)),
    ];
    const installing = runners.filter((file) =>
      /["'`](apt-get|apt|sudo)["'`]|\bapt(-get)? (update|install)\b/.test(readFileSync(file, "utf8")),
    );
    expect(installing).toEqual([]);
  });
});
