/**
 * A headless Chromium carried by an npm package (`@sparticuz/chromium`: Brotli-compressed binary, fonts and
 * SwiftShader libraries), unpacked once per version into the temporary directory. The package's own unpacker
 * always writes to one fixed folder whatever the version, so this one unpacks itself, into a folder per version,
 * and moves it into place whole so that concurrent test processes never launch a half-written binary.
 */
import { spawnSync } from "node:child_process";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress } from "node:zlib";
import { repoRoot } from "../../scripts/lib/repo-root.js";

/** An unpacked browser: the binary, the flags its package recommends (less those tests must not have, and its GPU). */
export interface PackagedChromium {
  executablePath: string;
  args: string[];
  /** The npm package's version (its major is Chromium's). */
  version: string;
}

/**
 * Flags the package passes for serverless use that tests must not have: those that change what a page may do
 * (the tests would lie), and one process for everything, which dies when a test closes its first context.
 */
const DROPPED_FLAGS = [
  "--disable-web-security",
  "--allow-running-insecure-content",
  "--disable-site-isolation-trials",
  "--single-process",
];

/**
 * The package's GPU flags: a GPU emulated on the CPU (SwiftShader through ANGLE, in the browser process), for WebGL
 * on a serverless host. No test draws with WebGL, and the emulated GPU composites every frame on the CPU: the
 * packaged browser composites in software instead, as the installed one does (`--disable-gpu`). Measured on 15 pages
 * scrolled and captured whole: 35 s of Chromium CPU with these flags, 10 s without.
 */
const EMULATED_GPU_FLAGS = [
  "--ignore-gpu-blocklist",
  "--in-process-gpu",
  "--use-gl=angle",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];

async function unbrotli(from: string, to: string): Promise<void> {
  await pipeline(createReadStream(from), createBrotliDecompress(), createWriteStream(to, { mode: 0o755 }));
}

async function untar(from: string, into: string, scratch: string): Promise<void> {
  const tar = join(scratch, "archive.tar");
  await unbrotli(from, tar);
  mkdirSync(into, { recursive: true });
  const result = spawnSync("tar", ["-xf", tar, "-C", into], { encoding: "utf8" });
  rmSync(tar);
  if (result.status !== 0) throw new Error(`tar could not unpack ${from}: ${result.stderr}${result.error ?? ""}`);
}

/** Unpacks the package's binary, fonts and graphics libraries into `dir` (the layout its own unpacker makes). */
async function unpack(binDir: string, dir: string): Promise<void> {
  await unbrotli(join(binDir, "chromium.br"), join(dir, "chromium"));
  await untar(join(binDir, "fonts.tar.br"), join(dir, "fonts"), dir);
  await untar(join(binDir, "swiftshader.tar.br"), dir, dir);
}

/**
 * The browser of the `@sparticuz/chromium` package installed under `packageName` (an alias names an older one),
 * unpacked on first use; Linux x64 only.
 */
export async function packagedChromium(packageName: string): Promise<PackagedChromium> {
  const installed = join(repoRoot, "node_modules", packageName);
  const { version } = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as { version: string };
  const binDir = join(installed, "bin");
  const dir = join(tmpdir(), `orgauth-chromium-${version}`);
  const executablePath = join(dir, "chromium");
  if (!existsSync(executablePath)) {
    const scratch = mkdtempSync(`${dir}-unpacking-`);
    try {
      await unpack(binDir, scratch);
      renameSync(scratch, dir);
    } catch (error) {
      rmSync(scratch, { recursive: true, force: true });
      // another process won the race: its copy is complete (a rename is atomic)
      if (!existsSync(executablePath)) throw error;
    }
  }
  const { default: chromium } = (await import(packageName)) as { default: { args: string[] } };
  const args = chromium.args.filter((flag) => !DROPPED_FLAGS.includes(flag) && !EMULATED_GPU_FLAGS.includes(flag));
  return { executablePath, args: [...args, "--disable-gpu"], version };
}
