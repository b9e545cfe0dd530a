import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../scripts/lib/prism.js";

/**
 * The transport sits under the generated code: it imports nothing from src/generated (types included). The
 * operations register their error codes on its `Register` interface, and each descriptor carries its validators.
 */
describe("the transport layer", () => {
  it("imports nothing from src/generated or from the layers above it", () => {
    const dir = join(repoRoot, "src", "transport");
    const offending = readdirSync(dir)
      .filter((file) => file.endsWith(".ts"))
      .flatMap((file) =>
        [...readFileSync(join(dir, file), "utf8").matchAll(/from "(\.\.\/[^"]+)"/g)].map(
          (match) => `${file}: ${match[1]}`,
        ),
      );
    expect(offending).toEqual([]);
  });
});
