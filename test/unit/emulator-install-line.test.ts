/**
 * Every doc that runs `npx orgauth-emulator` from an app has, in the same block and before it, the one install line
 * the bin prints when a peer is missing, so following the docs never meets that message.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { EMULATOR_INSTALL } from "../../src/emulator/startup/peers.js";

const root = join(import.meta.dirname, "..", "..");

/** The shell blocks of a markdown file. */
const shellBlocks = (markdown: string): string[] =>
  [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((found) => found[1]!);

it.each(["README.md", "docs/emulator.md"])(
  "%s installs the emulator's peers before its first npx orgauth-emulator",
  (file) => {
    const block = shellBlocks(readFileSync(join(root, file), "utf8")).find((text) =>
      text.includes("npx orgauth-emulator"),
    );
    expect(block, `${file} has no shell block running npx orgauth-emulator`).toBeDefined();
    const install = block!.indexOf(EMULATOR_INSTALL);
    expect(install, `${file}: "${EMULATOR_INSTALL}" is not in the block`).toBeGreaterThanOrEqual(0);
    expect(install).toBeLessThan(block!.indexOf("npx orgauth-emulator"));
  },
);
