/**
 * docs/entries.md's table as data: for each entry, the runtimes it is promised to run in and the peers it needs,
 * so the package test loads each entry where the doc says, with exactly the peers the doc lists.
 */

/**
 * Where an entry is loaded: plain Node, Node with a jsdom window (a browser entry), or Node resolving `next/*` as
 * Next.js's bundlers do, without a file extension (an entry only Next.js's server bundles run).
 */
export type Runtime = "node" | "jsdom" | "next";

/** One row of the table. */
export interface DocumentedEntry {
  /** The import specifier, `orgauth` or `orgauth/<subpath>`. */
  specifier: string;
  runtimes: Runtime[];
  peers: string[];
}

/** Names in backticks within a table cell. */
const quoted = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

/** The rows of the "Entry | Audience | Runs in | Peers it needs" table. */
export function documentedEntries(markdown: string): DocumentedEntry[] {
  return markdown
    .split("\n")
    .filter((line) => line.startsWith("| `orgauth"))
    .map((line) => {
      const [entry = "", , runsIn = "", peers = ""] = line.slice(1, -1).split("|");
      const runtimes: Runtime[] = [];
      if (/Next\.js's server bundles/.test(runsIn)) runtimes.push("next");
      else if (/\bNode\b/.test(runsIn)) runtimes.push("node");
      if (/\b(browser|jsdom)\b/.test(runsIn)) runtimes.push("jsdom");
      return { specifier: quoted(entry)[0]!, runtimes, peers: quoted(peers) };
    });
}
