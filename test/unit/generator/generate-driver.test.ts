import { execFile } from "node:child_process";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { GenerateUsageError, parseGenerateFlags } from "../../../scripts/lib/generate-flags.js";
import { replaceFiles } from "../../../scripts/lib/replace-files.js";
import { repoRoot } from "../../../scripts/lib/repo-root.js";
import { onRepeatRelease } from "../../support/node-repeat.js";

/** `npm run generate`'s command line and its all-or-nothing writes. */
const run = promisify(execFile);
const tsx = join(repoRoot, "node_modules", ".bin", "tsx");
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe("npm run generate's flags", { timeout: 120_000 }, () => {
  it("takes --check, --out <dir>, --watch and --help", () => {
    expect(parseGenerateFlags([])).toEqual({ check: false, out: undefined, watch: false, help: false });
    expect(parseGenerateFlags(["--check", "--out", "elsewhere"])).toMatchObject({ check: true, out: "elsewhere" });
    expect(parseGenerateFlags(["--watch"])).toMatchObject({ watch: true });
  });

  it("refuses an unknown flag, a stray argument, --out without a folder and --check with --watch", () => {
    for (const [args, problem] of [
      [["--chek"], "unknown flag --chek."],
      [["src"], "unexpected argument src."],
      [["--out"], "--out"],
      [["--check", "--watch"], "--check and --watch do not go together."],
    ] as const) {
      expect(() => parseGenerateFlags([...args]), problem).toThrow(GenerateUsageError);
      expect(() => parseGenerateFlags([...args]), problem).toThrow(problem);
    }
  });

  // `tsx` runs on the PATH's Node
  it.skipIf(onRepeatRelease)("exits 2 on an unknown flag, listing the flags", async () => {
    const failure = await run(tsx, ["scripts/generate.ts", "--chek"], { cwd: repoRoot }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 2 });
    const { stderr } = failure as { stderr: string };
    expect(stderr).toContain("unknown flag --chek.");
    for (const flag of ["--check", "--out <dir>", "--watch", "--help"]) expect(stderr).toContain(flag);
  });
});

describe("replaceFiles", () => {
  it("writes every file, and removes the ones to remove", async () => {
    const dir = await mkdtemp(join(tmpdir(), "orgauth-replace-"));
    dirs.push(dir);
    await writeFile(join(dir, "old.ts"), "old\n");
    await writeFile(join(dir, "a.ts"), "a1\n");
    await replaceFiles(
      new Map([
        [join(dir, "a.ts"), "a2\n"],
        [join(dir, "sub", "b.ts"), "b\n"],
      ]),
      [join(dir, "old.ts")],
    );
    expect(await readFile(join(dir, "a.ts"), "utf8")).toBe("a2\n");
    expect(await readFile(join(dir, "sub", "b.ts"), "utf8")).toBe("b\n");
    expect((await readdir(dir)).sort()).toEqual(["a.ts", "sub"]);
  });

  it("leaves every file as it was, and no temporary file, when one cannot be written", async () => {
    const dir = await mkdtemp(join(tmpdir(), "orgauth-replace-"));
    dirs.push(dir);
    await writeFile(join(dir, "a.ts"), "a1\n");
    await writeFile(join(dir, "plain-file"), "not a folder\n");
    await expect(
      replaceFiles(
        new Map([
          [join(dir, "a.ts"), "a2\n"],
          [join(dir, "plain-file", "b.ts"), "b\n"],
        ]),
        [join(dir, "a.ts")],
      ),
    ).rejects.toThrow();
    expect(await readFile(join(dir, "a.ts"), "utf8")).toBe("a1\n");
    expect((await readdir(dir)).sort()).toEqual(["a.ts", "plain-file"]);
  });
});
