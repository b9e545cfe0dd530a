import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { importGraph, reachable, type ImportEdge } from "../support/import-graph.js";

/**
 * The layers of src/ as rules on the import graph (docs/architecture.md draws them): dependencies point one way,
 * hooks → session → transport; the emulator and the adapter stand apart from the client; the testing kit uses the
 * other layers only through their barrels; the browser entries never reach the Node-only code. A rule lists the
 * imports it forbids; `expectedViolations` lists, exactly, the forbidden imports the code still has on purpose, so the
 * rule fails on a new one and also when one disappears (then the list shrinks).
 */
interface LayerRule {
  /** What the rule says, as the test names it. */
  name: string;
  /** The importing files the rule covers. */
  files: RegExp;
  /** True for an import the rule forbids. */
  forbids(edge: ImportEdge): boolean;
  /** Forbidden imports still present, as "file -> specifier". */
  expectedViolations?: readonly string[];
}

const CLIENT_LAYERS = /^src\/(session|transport|hooks|generated)\//;
const REACT_PACKAGES = /^(react|react-dom|@tanstack\/react-query)(\/|$)/;
/** The barrels the testing kit may import from: each layer's index, and the generated operations. */
const BARRELS = /^src\/((session|transport|hooks)\/index\.ts|generated\/operations\.ts)$/;
/** The browser session's pure user model (types, the membership mapping, org lookups and checks): the server's user shares it. */
const SESSION_USER_MODEL = /^src\/session\/(types|org-membership|access-helpers|auth-objects)\.ts$/;
/** What only server entries may reach: the generated server operations, the backend client and the server transport. */
const SERVER_ONLY =
  /^src\/(generated\/(server-operations|backend-client|backend-types)|transport\/server-transport)\.ts$/;
const targetIn = (pattern: RegExp) => (edge: ImportEdge) => edge.target !== null && pattern.test(edge.target);

const RULES: LayerRule[] = [
  {
    name: "the admin UI's browser code imports only its own folder (no package, no Node module, no server code)",
    files: /^src\/emulator\/admin-ui\/browser\//,
    forbids: (edge) => edge.target === null || !edge.target.startsWith("src/emulator/admin-ui/browser/"),
  },
  {
    name: "shared imports nothing from the layers",
    files: /^src\/shared\//,
    forbids: (edge) => edge.target !== null && !edge.target.startsWith("src/shared/"),
  },
  {
    name: "transport imports nothing above it (session, hooks) nor generated",
    files: /^src\/transport\//,
    forbids: targetIn(/^src\/(session|hooks|generated|testing|adapter|emulator)\//),
  },
  {
    name: "session imports nothing from hooks, testing, adapter or emulator",
    files: /^src\/session\//,
    forbids: targetIn(/^src\/(hooks|testing|adapter|emulator)\//),
  },
  {
    name: "session and transport never import React",
    files: /^src\/(session|transport)\//,
    forbids: (edge) => REACT_PACKAGES.test(edge.specifier),
  },
  {
    name: "the core generated code (schema, validators, operations) imports nothing from hooks",
    files: /^src\/generated\/(operations|zod|schema\.d|validators\/\w+)\.ts$/,
    forbids: targetIn(/^src\/(hooks|session|testing|adapter|emulator)\//),
  },
  {
    name: "the generated server operations and backend client import only the transport (its server half), the schema types and validators",
    files: /^src\/generated\/(server-operations|backend-client|backend-types)\.ts$/,
    forbids: (edge) =>
      targetIn(/^src\/(hooks|session|testing|adapter|emulator)\//)(edge) ||
      targetIn(/^src\/generated\/(operations|queries|query-functions|query-hooks)\.ts$/)(edge),
  },
  {
    name: "only server code imports the server operations and the server transport",
    files: /^src\//,
    forbids: (edge) =>
      !/^src\/(server|nextjs|generated\/(server-operations|backend-client|backend-types)\.ts$|transport\/server-transport\.ts$)/.test(
        edge.from,
      ) && targetIn(SERVER_ONLY)(edge),
  },
  {
    name: "hooks import nothing from testing, adapter or emulator",
    files: /^src\/hooks\//,
    forbids: targetIn(/^src\/(testing|adapter|emulator)\//),
  },
  {
    name: "the adapter imports nothing from the client layers nor the emulator",
    files: /^src\/adapter\//,
    forbids: (edge) => targetIn(CLIENT_LAYERS)(edge) || targetIn(/^src\/(testing|emulator)\//)(edge),
  },
  {
    name: "the emulator imports nothing from the client layers nor testing (the adapter only through its barrel)",
    files: /^src\/emulator\//,
    forbids: (edge) =>
      targetIn(CLIENT_LAYERS)(edge) ||
      targetIn(/^src\/testing\//)(edge) ||
      (targetIn(/^src\/adapter\//)(edge) && edge.target !== "src/adapter/index.ts"),
  },
  {
    name: "the server session imports nothing from hooks, testing, adapter or emulator, and of the browser session only its pure user model",
    files: /^src\/server\//,
    forbids: (edge) =>
      targetIn(/^src\/(hooks|testing|adapter|emulator)\//)(edge) ||
      (targetIn(/^src\/session\//)(edge) && !SESSION_USER_MODEL.test(edge.target ?? "")) ||
      REACT_PACKAGES.test(edge.specifier),
  },
  {
    name: "the testing kit reaches the other layers only through their barrels",
    files: /^src\/testing\//,
    forbids: (edge) =>
      edge.target !== null &&
      !edge.target.startsWith("src/testing/") &&
      !edge.target.startsWith("src/shared/") &&
      !BARRELS.test(edge.target),
  },
  {
    name: "the Next.js server half imports the server session (and the session's types), never the client layers nor React",
    files: /^src\/nextjs\/(?!client(\.ts|\/))[^/]+\.ts$/,
    forbids: (edge) =>
      REACT_PACKAGES.test(edge.specifier) ||
      targetIn(/^src\/(hooks|transport|generated|testing|adapter|emulator)\/|^src\/session\/(?!types\.ts$)/)(edge),
  },
  {
    name: "the Next.js browser half never imports the session engine, the server session or a layer's barrel",
    files: /^src\/nextjs\/(client\.ts|client\/)/,
    forbids: targetIn(
      /^src\/(server|testing|adapter|emulator)\/|^src\/session\/(index|create-auth-client|session-engine|tab-coordinator|session-requests)\.ts$/,
    ),
  },
];

/**
 * The emulator's rooms (docs/architecture.md, "The emulator's rooms"): each may import the rooms listed for it and
 * nothing else of the emulator; the root (entry, server, CLI) may import every room and no room imports the root.
 * A room may import only rooms listed before it, so the rooms form no cycle (a test below holds the order).
 */
const EMULATOR_ROOMS: Record<string, readonly string[]> = {
  db: [],
  startup: ["db"],
  http: [],
  tokens: ["db"],
  store: ["db", "http", "tokens"],
  seeds: ["db", "http", "tokens", "store"],
  routes: ["db", "http", "tokens", "store", "seeds"],
  "admin-ui": ["db", "http", "tokens", "store", "seeds"],
  pages: ["db", "http", "tokens", "store", "seeds", "routes"],
};
/** The room of a file of src/emulator ("" for the root), or null outside the emulator. */
const emulatorRoom = (file: string): string | null => {
  const match = /^src\/emulator\/(?:([\w-]+)\/)?/.exec(file);
  return match ? (match[1] ?? "") : null;
};
const ROOM_RULES: LayerRule[] = Object.entries(EMULATOR_ROOMS).map(([room, allowed]) => ({
  name: `the emulator's ${room}/ imports ${allowed.length ? `only ${allowed.join(", ")} of the other rooms` : "no other room"}`,
  files: new RegExp(`^src/emulator/${room}/`),
  forbids: (edge) => {
    const target = edge.target === null ? null : emulatorRoom(edge.target);
    return target !== null && target !== room && !allowed.includes(target);
  },
}));

const edges = importGraph(repoRoot, "src");
const violations = (rule: LayerRule): string[] =>
  edges
    .filter((edge) => rule.files.test(edge.from) && rule.forbids(edge))
    .map((edge) => `${edge.from} -> ${edge.specifier}`)
    .sort();

describe("the layers of src/", () => {
  it("reads the import graph (every layer has files and imports)", () => {
    for (const layer of ["transport", "session", "hooks", "generated", "testing", "adapter", "emulator", "server"]) {
      expect(
        edges.some((edge) => edge.from.startsWith(`src/${layer}/`)),
        layer,
      ).toBe(true);
    }
  });

  it("every folder of the emulator is a room with rules", () => {
    const rooms = new Set(edges.map((edge) => emulatorRoom(edge.from)).filter((room) => room !== null));
    expect([...rooms].sort()).toEqual(["", ...Object.keys(EMULATOR_ROOMS)].sort());
  });

  it("the emulator's room rules form no cycle (a room may import only rooms listed before it)", () => {
    const rooms = Object.keys(EMULATOR_ROOMS);
    for (const [index, room] of rooms.entries()) {
      expect(
        EMULATOR_ROOMS[room]?.filter((allowed) => rooms.indexOf(allowed) >= index),
        room,
      ).toEqual([]);
    }
  });

  for (const rule of [...RULES, ...ROOM_RULES]) {
    it(rule.name, () => {
      expect(violations(rule)).toEqual([...(rule.expectedViolations ?? [])].sort());
    });
  }
});

describe("what each entry reaches", () => {
  for (const entry of ["src/index.ts", "src/react.ts", "src/nextjs/client.ts"]) {
    it(`the browser entry ${entry} never reaches the adapter, the emulator, the testing kit or the server session`, () => {
      const { files } = reachable(edges, entry);
      expect([...files].filter((file) => /^src\/(adapter|emulator|testing|server)\//.test(file))).toEqual([]);
      expect(files.size).toBeGreaterThan(10);
    });

    it(`the browser entry ${entry} never reaches the server operations or the server transport`, () => {
      const { files } = reachable(edges, entry);
      expect(
        [...files].filter(
          (file) => SERVER_ONLY.test(file) || /^src\/generated\/validators\/(ssr|backend|oauth)/.test(file),
        ),
      ).toEqual([]);
    });
  }

  for (const entry of [
    "src/index.ts",
    "src/testing/index.ts",
    "src/emulator/index.ts",
    "src/adapter/index.ts",
    "src/server/index.ts",
  ]) {
    it(`the entry ${entry} loads without React`, () => {
      expect([...reachable(edges, entry).packages].filter((name) => REACT_PACKAGES.test(name))).toEqual([]);
    });
  }

  it("the React entries do reach React (the check above can see it)", () => {
    for (const entry of ["src/react.ts", "src/testing/react.ts"]) {
      expect(
        [...reachable(edges, entry).packages].some((name) => REACT_PACKAGES.test(name)),
        entry,
      ).toBe(true);
    }
  });
});
