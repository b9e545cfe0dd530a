import { describe, expect, it } from "vitest";
import { type ImportEdge, importGraph } from "../support/import-graph.js";

/**
 * No file reaches itself through its imports, type-only imports included: two files that need each other are one
 * concept (merge them) or share a type that belongs below both (move it down).
 */
const root = new URL("../..", import.meta.url).pathname;

/** The import circles among `edges`: each strongly connected group of more than one file, or a file importing itself. */
function circles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, target } of edges) {
    if (target !== null) next.set(from, [...(next.get(from) ?? []), target]);
  }
  // Tarjan's algorithm, iterative enough for these small graphs
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of next.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === file) break;
    }
    if (group.length > 1 || (next.get(file) ?? []).includes(file)) groups.push(group.sort());
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return groups;
}

describe("import circles", () => {
  for (const dir of ["src", "scripts"]) {
    it(`there are none in ${dir}/, type-only imports included`, () => {
      expect(circles(importGraph(root, dir))).toEqual([]);
    });
  }

  it("are found when there is one (the check itself)", () => {
    const edge = (from: string, target: string): ImportEdge => ({ from, specifier: target, target });
    expect(circles([edge("a.ts", "b.ts"), edge("b.ts", "c.ts"), edge("c.ts", "a.ts"), edge("c.ts", "d.ts")])).toEqual([
      ["a.ts", "b.ts", "c.ts"],
    ]);
  });
});
