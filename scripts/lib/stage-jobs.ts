import { PACK_STEP, type Stage, type Step } from "./test-stages.js";

/** One thing `npm test` runs: steps in order, once the jobs it waits for have passed. */
export interface Job {
  id: string;
  /** The stage its time counts toward. */
  stage: string;
  steps: Step[];
  after: string[];
  /** How long this job and the longest chain of jobs waiting for it take: the scheduler starts the longest first. */
  rank: number;
}

const PACK_ID = "pack";

/**
 * The jobs of `stages`: each stage's steps in order, its `beside` steps as jobs of their own, and, when a stage uses
 * the packed tarball, one job that builds it, which those stages wait for.
 */
export function stageJobs(stages: Stage[]): Job[] {
  const packed = stages.some((stage) => stage.packed);
  const jobs: Job[] = packed ? [{ id: PACK_ID, stage: PACK_ID, steps: [PACK_STEP], after: [], rank: 0 }] : [];
  for (const stage of stages) {
    const after = stage.packed ? [PACK_ID] : [];
    const inOrder = stage.steps.filter((step) => !step.beside);
    if (inOrder.length > 0)
      jobs.push({ id: stage.name, stage: stage.name, steps: inOrder, after, rank: stage.seconds });
    stage.steps
      .filter((step) => step.beside)
      .forEach((step, index) =>
        jobs.push({ id: `${stage.name}#${index + 1}`, stage: stage.name, steps: [step], after, rank: stage.seconds }),
      );
  }
  // the pack job ranks as its longest dependant plus the build and pack (23 s of CPU, declarations emitted once)
  const pack = jobs.find((job) => job.id === PACK_ID);
  if (pack) pack.rank = 23 + Math.max(...jobs.filter((job) => job.after.includes(PACK_ID)).map((job) => job.rank));
  return jobs;
}

/**
 * Runs `jobs` at most `limit` at a time, the ready job of highest rank first; after a failure, or once `stop` aborts,
 * it starts no other job and aborts the running ones. Resolves with whether every job passed.
 */
export async function runJobs(
  jobs: Job[],
  limit: number,
  runJob: (job: Job, signal: AbortSignal) => Promise<boolean>,
  stop: AbortSignal,
): Promise<boolean> {
  const done = new Set<string>();
  const running = new Set<string>();
  const abort = new AbortController();
  let failed = false;
  stop.addEventListener("abort", () => {
    failed = true;
    abort.abort();
  });
  return new Promise((resolve) => {
    const startReady = (): void => {
      const ready = jobs
        .filter((job) => !done.has(job.id) && !running.has(job.id) && job.after.every((id) => done.has(id)))
        .sort((a, b) => b.rank - a.rank);
      for (const job of ready) {
        if (failed || running.size >= limit) break;
        running.add(job.id);
        void runJob(job, abort.signal).then((ok) => {
          running.delete(job.id);
          done.add(job.id);
          if (!ok && !failed) {
            failed = true;
            abort.abort();
          }
          if (running.size === 0 && (failed || done.size === jobs.length)) resolve(!failed);
          else startReady();
        });
      }
    };
    startReady();
  });
}
