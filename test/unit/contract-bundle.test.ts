import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse, parseDocument } from "yaml";
import { bundleContract, isUntouchedBundle } from "../../scripts/lib/bundle-contract.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";

/** The contract lives in files by area (openapi/areas/) and is bundled into the one document everything reads. */
const openapi = join(repoRoot, "openapi");
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** A throwaway copy of openapi/ whose area file `area` was changed by `edit` (on its parsed YAML document). */
function copyWithEdit(area: string, edit: (document: ReturnType<typeof parseDocument>) => void): string {
  const copy = mkdtempSync(join(tmpdir(), "orgauth-contract-"));
  copies.push(copy);
  cpSync(openapi, copy, { recursive: true });
  const file = join(copy, "areas", area);
  const document = parseDocument(readFileSync(file, "utf8"));
  edit(document);
  writeFileSync(file, document.toString());
  return copy;
}

type Bundle = { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };

/** A query on the orgs area that lists a new schema, as a contributor adds one: in the area file only. */
const sampleItem = {
  get: {
    operationId: "getOrgColour",
    summary: "Read an organisation's colour.",
    tags: ["orgs"],
    responses: {
      "200": {
        description: "The colour.",
        content: { "application/json": { schema: { $ref: "#/components/schemas/OrgColour" } } },
      },
    },
  },
};

describe("the contract's bundle", { timeout: 60_000 }, () => {
  it("is what openapi/auth-api.yaml holds, with no reference left to an area file", () => {
    const bundled = bundleContract(join(openapi, "contract.yaml"));
    expect(bundled).toBe(readFileSync(join(openapi, "auth-api.yaml"), "utf8"));
    expect(bundled).not.toContain("./areas/");
  });

  it("tells a bundle as written from one edited by hand (npm run generate then refuses to overwrite it)", () => {
    const bundled = readFileSync(join(openapi, "auth-api.yaml"), "utf8");
    expect(isUntouchedBundle(bundled)).toBe(true);
    expect(isUntouchedBundle(bundled.replace("operationId: logout", "operationId: signOut"))).toBe(false);
    expect(isUntouchedBundle(bundled.split("\n").slice(1).join("\n"))).toBe(false);
  });

  it("takes each path item from its area's file, in the order openapi/contract.yaml lists them", () => {
    const root = parse(readFileSync(join(openapi, "contract.yaml"), "utf8")) as {
      paths: Record<string, { $ref: string }>;
    };
    const bundle = parse(readFileSync(join(openapi, "auth-api.yaml"), "utf8")) as { paths: Record<string, unknown> };
    const listed = Object.keys(root.paths);
    expect(Object.keys(bundle.paths).filter((path) => path in root.paths)).toEqual(listed);
    for (const [path, item] of Object.entries(root.paths)) {
      const [file] = item.$ref.split("#");
      const area = parse(readFileSync(join(openapi, file!), "utf8")) as { paths: Record<string, unknown> };
      expect(bundle.paths[path], path).toEqual(area.paths[path]);
    }
  });

  it("follows an edit made in an area file", () => {
    const copy = mkdtempSync(join(tmpdir(), "orgauth-contract-"));
    copies.push(copy);
    cpSync(openapi, copy, { recursive: true });
    const session = join(copy, "areas", "session.yaml");
    writeFileSync(session, readFileSync(session, "utf8").replace("operationId: logout", "operationId: signOut"));
    const bundle = parse(bundleContract(join(copy, "contract.yaml"))) as {
      paths: Record<string, { post: { operationId: string } }>;
    };
    expect(bundle.paths["/api/v1/logout"]!.post.operationId).toBe("signOut");
  });

  it("takes a path item and a schema that only their area file has, after that file's last listed entry", () => {
    const copy = copyWithEdit("orgs.yaml", (document) => {
      document.setIn(["paths", "/api/fe/v3/org_colour"], document.createNode(sampleItem));
      document.setIn(["components", "schemas", "OrgColour"], document.createNode({ type: "string" }));
    });
    const bundle = parse(bundleContract(join(copy, "contract.yaml"))) as Bundle;
    const area = parse(readFileSync(join(copy, "areas", "orgs.yaml"), "utf8")) as Bundle;
    const follows = (order: string[], name: string, fromFile: string[]) => {
      const at = order.indexOf(name);
      expect(fromFile, `before ${name}`).toContain(order[at - 1]);
      if (at + 1 < order.length) expect(fromFile, `after ${name}`).not.toContain(order[at + 1]);
    };
    follows(Object.keys(bundle.paths), "/api/fe/v3/org_colour", Object.keys(area.paths));
    follows(Object.keys(bundle.components.schemas), "OrgColour", Object.keys(area.components.schemas));
    expect(bundle.components.schemas.OrgColour).toEqual({ type: "string" });
  });

  it("names a reference that resolves to nothing, where it is used and where to define it", () => {
    const copy = copyWithEdit("orgs.yaml", (document) => {
      document.setIn(["paths", "/api/fe/v3/org_colour"], document.createNode(sampleItem));
    });
    expect(() => bundleContract(join(copy, "contract.yaml"))).toThrow(
      /#\/components\/schemas\/OrgColour \(used at paths\.\/api\/fe\/v3\/org_colour\.get\.responses\.200.*\) is defined nowhere: add OrgColour under components\.schemas of the area file that uses it/,
    );
  });

  it("says which file to refer to when the component is in an area file the contract does not name", () => {
    const copy = copyWithEdit("orgs.yaml", (document) => {
      document.setIn(["paths", "/api/fe/v3/org_colour"], document.createNode(sampleItem));
    });
    writeFileSync(join(copy, "areas", "colours.yaml"), "components:\n  schemas:\n    OrgColour:\n      type: string\n");
    expect(() => bundleContract(join(copy, "contract.yaml"))).toThrow(
      /is defined in .*colours\.yaml, which .*contract\.yaml refers to nowhere/,
    );
  });

  it("refuses a component two area files define", () => {
    const copy = copyWithEdit("orgs.yaml", (document) => {
      document.setIn(["components", "schemas", "ErrorCode"], document.createNode({ type: "string" }));
    });
    expect(() => bundleContract(join(copy, "contract.yaml"))).toThrow(
      /components\.schemas\.ErrorCode is defined in both .*common\.yaml and .*orgs\.yaml/,
    );
  });

  it("refuses a component the root defines in place that an area file defines too", () => {
    const copy = copyWithEdit("orgs.yaml", () => undefined);
    const root = join(copy, "contract.yaml");
    const document = parseDocument(readFileSync(root, "utf8"));
    document.setIn(["components", "schemas", "JoinableOrg"], document.createNode({ type: "string" }));
    writeFileSync(root, document.toString());
    expect(() => bundleContract(root)).toThrow(
      /components\.schemas\.JoinableOrg is defined in both .*contract\.yaml and .*orgs\.yaml/,
    );
  });
});

/** The most lines a hand-written contract file may have (the bundle, openapi/auth-api.yaml, is written by `generate`). */
const MAX_CONTRACT_LINES = 1_000;

it("keeps every hand-written contract file under 1,000 lines: a bigger area is split by concept", () => {
  const files = ["contract.yaml", ...readdirSync(join(openapi, "areas")).map((name) => join("areas", name))];
  const lines = files.map((file) => [file, readFileSync(join(openapi, file), "utf8").split("\n").length] as const);
  expect(lines.length).toBeGreaterThan(10);
  expect(lines.filter(([, count]) => count >= MAX_CONTRACT_LINES)).toEqual([]);
});
