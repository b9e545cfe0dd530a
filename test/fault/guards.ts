/** What every fault case checks besides its outcome: nothing unhandled, and Object.prototype untouched. */
import { afterAll, beforeAll, expect } from "vitest";

const unhandled: unknown[] = [];
const record = (error: unknown) => void unhandled.push(error);
const prototypeKeys = () => Reflect.ownKeys(Object.prototype).map(String).sort();
let baseline: string[] = [];

/** Installs the process listeners for unhandled rejections and uncaught exceptions for this file. */
export function guardProcess(): void {
  beforeAll(() => {
    baseline = prototypeKeys();
    process.on("unhandledRejection", record);
    process.on("uncaughtException", record);
  });
  afterAll(() => {
    process.off("unhandledRejection", record);
    process.off("uncaughtException", record);
  });
}

/** Lets pending callbacks run, then asserts that nothing went unhandled and no prototype was polluted. */
export async function expectCleanProcess(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(unhandled.splice(0)).toEqual([]);
  expect(prototypeKeys()).toEqual(baseline);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.hasOwn(Object.prototype, "polluted")).toBe(false);
}
