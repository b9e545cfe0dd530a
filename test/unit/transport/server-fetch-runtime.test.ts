/** Where the server transport's default goes over node:http(s): Node itself only (src/transport/server-fetch.ts). */
import { describe, expect, it } from "vitest";
import { type HostProcess, nodeModulesIn } from "../../../src/transport/server-fetch.js";

describe("the runtimes that go over node:http", () => {
  const node: HostProcess = {
    getBuiltinModule: (id) => process.getBuiltinModule(id),
    release: { name: "node" },
    env: {},
    execArgv: [],
  };

  it("Node itself (20: no navigator; 22 on: Node.js/…)", () => {
    expect(nodeModulesIn(node, undefined)?.http.request).toBeTypeOf("function");
    expect(nodeModulesIn(node, "Node.js/22")).not.toBeNull();
  });

  it("none other: an edge runtime without getBuiltinModule, Bun, Deno, workerd; nor Node with its proxy from the environment", () => {
    const { getBuiltinModule: _, ...edge } = node;
    expect(nodeModulesIn(edge, undefined)).toBeNull();
    expect(nodeModulesIn(undefined, undefined)).toBeNull();
    for (const agent of ["Bun/1.2.0", "Deno/2.1.0", "Cloudflare-Workers", 1])
      expect(nodeModulesIn(node, agent)).toBeNull();
    expect(nodeModulesIn({ ...node, release: { name: "bun" } }, undefined)).toBeNull();
    // Next.js's edge sandbox: each function of its process throws when called, and it has no `release`
    const unsupported = () => {
      throw new Error("A Node.js API is used which is not supported in the Edge Runtime");
    };
    expect(nodeModulesIn({ getBuiltinModule: unsupported, env: {} }, undefined)).toBeNull();
    expect(nodeModulesIn({ ...node, env: { NODE_USE_ENV_PROXY: "1" } }, undefined)).toBeNull();
    expect(nodeModulesIn({ ...node, execArgv: ["--use-env-proxy"] }, undefined)).toBeNull();
    expect(nodeModulesIn({ ...node, env: { NODE_OPTIONS: "--use-env-proxy" } }, undefined)).toBeNull();
  });
});
