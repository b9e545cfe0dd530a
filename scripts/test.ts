import { spawnSync } from "node:child_process";
import { findChromium } from "../test/support/chromium.js";
import { childCpuSeconds } from "./lib/child-cpu.js";
import { repoRoot } from "./lib/repo-root.js";
import { STAGES, type Stage, type Step } from "./lib/test-stages.js";

/** Wall seconds since `since` (ms), and the CPU seconds children used since `cpuSince` where that is known. */
function seconds(since: number, cpuSince = childCpuSeconds()): string {
  const wall = `${((Date.now() - since) / 1000).toFixed(1)} s`;
  const cpu = childCpuSeconds();
  return cpu === undefined || cpuSince === undefined ? wall : `${wall}, CPU ${(cpu - cpuSince).toFixed(1)} s`;
}

/**
 * `npm test`: the whole suite, stage by stage in the order CI needs it, stopping at the first failure.
 * `npm test -- unit react` runs only the named stages (each is also `npm run test:<stage>`); arguments that start
 * with `-` go to every vitest run (`npm test -- unit -t "login"`).
 */
function run(step: Step, vitestArgs: string[]): void {
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  console.log(`\n▶ ${step.title}`);
  const args = step.vitest ? [...step.args, ...vitestArgs] : step.args;
  const result = spawnSync(step.command, args, {
    cwd: repoRoot,
    env: process.env,
    ...(step.quiet ? { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 } : { stdio: "inherit" }),
  });
  if (result.status !== 0) {
    if (step.quiet) {
      process.stdout.write(result.stdout ?? "");
      process.stderr.write(result.stderr ?? "");
    }
    console.error(`✖ ${step.title} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${step.title} (${seconds(started, cpuBefore)})`);
}

/** The stages named on the command line (all when none), or an exit with the list of names. */
function selectedStages(names: string[]): Stage[] {
  const unknown = names.filter((name) => !STAGES.some((stage) => stage.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown stage ${unknown.join(", ")}. Stages: ${STAGES.map((stage) => stage.name).join(", ")}.`);
    process.exit(2);
  }
  return names.length === 0 ? STAGES : STAGES.filter((stage) => names.includes(stage.name));
}

const argv = process.argv.slice(2);
const firstOption = argv.findIndex((arg) => arg.startsWith("-"));
const stageNames = firstOption < 0 ? argv : argv.slice(0, firstOption);
const vitestArgs = firstOption < 0 ? [] : argv.slice(firstOption);
const stages = selectedStages(stageNames);

// The browser stages need a Chromium: an installed one, or the npm package's, unpacked here once for them all.
if (stages.some((stage) => stage.chromium)) {
  const browser = await findChromium().catch((error: Error) => {
    const others = STAGES.filter((stage) => !stage.chromium).map((stage) => stage.name);
    console.error(`${error.message}. Or run the other stages: npm test -- ${others.join(" ")}`);
    return process.exit(1);
  });
  if (browser.from === "package")
    console.log(`Chromium: the @sparticuz/chromium package's (${browser.executablePath})`);
}

const started = Date.now();
const cpuAtStart = childCpuSeconds();
const times: string[] = [];
for (const stage of stages) {
  const stageStarted = Date.now();
  const stageCpu = childCpuSeconds();
  for (const step of stage.steps) run(step, vitestArgs);
  times.push(`${stage.name} ${seconds(stageStarted, stageCpu)}`);
}
console.log(`\n✔ ${times.join(" · ")} — ${seconds(started, cpuAtStart)} in all`);
