import { availableParallelism } from "node:os";
import { findChromium } from "../test/support/chromium.js";
import { type Job, runJobs, stageJobs } from "./lib/stage-jobs.js";
import { runStep } from "./lib/step-process.js";
import { STAGES, type Stage } from "./lib/test-stages.js";

/**
 * `npm test`: the whole suite, its stages side by side (one more at a time than the machine has cores, or
 * ORGAUTH_TEST_JOBS), the longest first; the first failure stops the run. `npm test -- unit react` runs only the named
 * stages (each is also `npm run test:<stage>`); arguments that start with `-` go to every vitest run
 * (`npm test -- unit -t "login"`). A job alone prints as it goes; jobs side by side print each one's output whole
 * when it ends.
 */

/** Wall and CPU seconds, as printed. */
function seconds(wall: number, cpu: number | undefined): string {
  return cpu === undefined ? `${wall.toFixed(1)} s` : `${wall.toFixed(1)} s, CPU ${cpu.toFixed(1)} s`;
}

/** The sum of two CPU times, unknown when either is. */
const plus = (a: number | undefined, b: number | undefined): number | undefined =>
  a === undefined || b === undefined ? undefined : a + b;

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

const jobs = stageJobs(stages);
// one job more than cores: a stage waiting on a browser, a server or a build leaves its core to the extra one
// (one fresh-clone run each on a quiet 2-core machine, not side by side: npm test 557 s wall with 2 jobs, 522 s with 3)
const limit = Math.max(1, Number(process.env.ORGAUTH_TEST_JOBS) || availableParallelism() + 1);
const live = limit === 1 || jobs.length === 1;
/** Per stage: when its first job started, when its last ended, the CPU its steps used. */
const spent = new Map<string, { from: number; to: number; cpu: number | undefined }>();

/** Runs one job's steps in order; prints them live or, side by side with others, all at once when it ends. */
async function runJob(job: Job, signal: AbortSignal): Promise<boolean> {
  const from = Date.now();
  const lines: string[] = [];
  const say = (line: string): void => (live ? console.log(line) : void lines.push(line));
  if (!live) console.log(`… ${job.id} started`);
  let ok = true;
  let cpu: number | undefined = 0;
  for (const step of job.steps) {
    say(`\n▶ ${step.title}`);
    const result = await runStep(step, { live, vitestArgs, signal });
    cpu = plus(cpu, result.cpuSeconds);
    if (!live && !step.quiet) lines.push(result.output);
    if (!result.ok) {
      if (step.quiet || live) lines.push(result.output);
      lines.push(signal.aborted ? `✖ ${step.title} stopped` : `✖ ${step.title} failed`);
      ok = false;
      break;
    }
    say(`✔ ${step.title} (${seconds(result.wallSeconds, result.cpuSeconds)})`);
  }
  const was = spent.get(job.stage) ?? { from, to: from, cpu: 0 };
  spent.set(job.stage, { from: Math.min(was.from, from), to: Date.now(), cpu: plus(was.cpu, cpu) });
  if (!live) console.log(`\n━━ ${job.id} ━━${lines.join("\n")}`);
  else if (!ok) console.error(lines.join("\n"));
  return ok;
}

const started = Date.now();
// Ctrl-C or a kill reaches this process only (each step has its own process group): it ends the steps, then itself.
const interrupted = new AbortController();
process.once("SIGINT", () => interrupted.abort()).once("SIGTERM", () => interrupted.abort());
const passed = await runJobs(jobs, limit, runJob, interrupted.signal);
const times = [...spent].map(([stage, time]) => `${stage} ${seconds((time.to - time.from) / 1000, time.cpu)}`);
const cpuInAll = [...spent.values()].reduce<number | undefined>((sum, time) => plus(sum, time.cpu), 0);
const total = `${times.join(" · ")} — ${seconds((Date.now() - started) / 1000, cpuInAll)} in all`;
if (!passed) {
  console.error(`\n✖ ${total}`);
  process.exit(1);
}
console.log(`\n✔ ${total}`);
