import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { repoRoot } from "./lib/prism.js";
import { STAGES, type Stage, type Step } from "./lib/test-stages.js";

/**
 * `npm test`: the whole suite, stage by stage in the order CI needs it, stopping at the first failure.
 * `npm test -- unit react` runs only the named stages (each is also `npm run test:<stage>`); arguments that start
 * with `-` go to every vitest run (`npm test -- unit -t "login"`).
 */
const CHROMIUM = "/usr/bin/chromium";

function run(step: Step, vitestArgs: string[]): void {
  const started = Date.now();
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
  console.log(`✔ ${step.title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
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

// System packages are installed by .ci/run (or by hand), never here.
if (stages.some((stage) => stage.chromium) && !existsSync(CHROMIUM)) {
  const needing = stages.filter((stage) => stage.chromium).map((stage) => stage.name);
  console.error(
    `The ${needing.join(", ")} tests drive Debian's Chromium at ${CHROMIUM}, which is not installed. ` +
      "Install it (Debian/Ubuntu: sudo apt-get install -y chromium; .ci/run does this in CI), " +
      `or run the other stages: npm test -- ${STAGES.filter((stage) => !stage.chromium)
        .map((stage) => stage.name)
        .join(" ")}`,
  );
  process.exit(1);
}

const seconds = (since: number): string => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const started = Date.now();
const times: string[] = [];
for (const stage of stages) {
  const stageStarted = Date.now();
  for (const step of stage.steps) run(step, vitestArgs);
  times.push(`${stage.name} ${seconds(stageStarted)}`);
}
console.log(`\n✔ ${times.join(" · ")} — ${seconds(started)} in all`);
