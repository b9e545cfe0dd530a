/**
 * The suite under a terminal (`npm test` sets FORCE_COLOR for its stages then) must give the tools its tests start
 * the environment of a pipe: jest, Next.js and Vite print colour codes inside the counts and URLs the tests read.
 */
import { execFileSync } from "node:child_process";
import { expect, it } from "vitest";

it("starts tools without FORCE_COLOR, so their output reads as plain text", () => {
  const seen = execFileSync(process.execPath, ["-e", "process.stdout.write(String(process.env.FORCE_COLOR))"]);
  expect(seen.toString()).toBe("undefined");
});
