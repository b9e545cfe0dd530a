/**
 * The guard entries (orgauth/express, orgauth/fastify, orgauth/fetch) take the caller core and the error classes from
 * the built `orgauth/server` entry instead of a copy of their own (tsup.config.ts `guardsUseServerEntry`): in the
 * installed package, as ES module and as CommonJS, an error a guard entry throws is `instanceof` the class
 * orgauth/server exports, and each error class a guard entry re-exports is the server's own.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, inject, it } from "vitest";

const appDir = inject("packedAppDir");
const dist = join(appDir, "node_modules", "orgauth", "dist");

/** The check, as an app writes it; `load` is `await import` or `require`. */
const check = (load: string) => `
  const server = ${load}("orgauth/server");
  const guards = {
    express: (${load}("orgauth/express")).createExpressAuth,
    fastify: (${load}("orgauth/fastify")).createFastifyAuth,
    fetch: (${load}("orgauth/fetch")).createRequestGuards,
  };
  const entries = { express: ${load}("orgauth/express"), fastify: ${load}("orgauth/fastify"), fetch: ${load}("orgauth/fetch") };
  const result = {};
  for (const [name, create] of Object.entries(guards)) {
    const entry = await entries[name];
    const shared = Object.keys(entry).filter((key) => typeof server[key] === "function" && /Error$/.test(key));
    let configError;
    try { create({ authUrl: "not a url", apiKey: "" }); } catch (error) { configError = error; }
    const auth = create({ authUrl: "https://auth.example.test", apiKey: "key" });
    const tokenError = await auth.callers.authenticate(undefined).catch((error) => error);
    result[name] = {
      shared: shared.length,
      notTheServers: shared.filter((key) => entry[key] !== server[key]),
      configError: [configError?.type, configError instanceof server.ServerConfigurationError, configError instanceof server.OrgauthError],
      tokenError: [tokenError?.type, tokenError instanceof server.AccessTokenError, tokenError instanceof server.OrgauthError],
    };
  }
  console.log(JSON.stringify(result));
`;

/** Runs the check in the app: as an ES module, or as CommonJS (its body in an async function). */
function run(format: "esm" | "cjs"): Record<string, unknown> {
  const code = format === "esm" ? check("await import") : `(async () => {${check("require")}})();`;
  const args = format === "esm" ? ["--input-type=module", "-e", code] : ["-e", code];
  return JSON.parse(execFileSync(process.execPath, args, { cwd: appDir, encoding: "utf8" })) as Record<string, unknown>;
}

it.each(["esm", "cjs"] as const)("an error a guard entry throws is the orgauth/server class (%s)", (format) => {
  const expected = {
    shared: expect.any(Number),
    notTheServers: [],
    configError: ["server_configuration", true, true],
    tokenError: ["access_token", true, true],
  };
  const result = run(format);
  expect(result).toEqual({ express: expected, fastify: expected, fetch: expected });
  for (const entry of Object.values(result)) expect((entry as { shared: number }).shared).toBeGreaterThanOrEqual(8);
});

it("the CommonJS guard files read from the server entry only names it exports", () => {
  const serverExports = JSON.parse(
    execFileSync(process.execPath, ["-e", 'console.log(JSON.stringify(Object.keys(require("orgauth/server"))))'], {
      cwd: appDir,
      encoding: "utf8",
    }),
  ) as string[];
  const requireServer = /\b(\w+) = require\(["']\.\/server\.cjs["']\)/;
  const read = new Map<string, string[]>();
  for (const file of readdirSync(dist).filter((name) => name.endsWith(".cjs"))) {
    const code = readFileSync(join(dist, file), "utf8");
    const local = requireServer.exec(code)?.[1];
    if (local === undefined || file === "server.cjs") continue;
    read.set(
      file,
      [...code.matchAll(new RegExp(`\\b${local}\\.(\\w+)`, "g"))].map((match) => match[1]!),
    );
  }
  expect([...read.keys()]).toEqual(expect.arrayContaining(["express.cjs", "fastify.cjs", "fetch.cjs"]));
  const names = new Set([...read.values()].flat());
  expect(names).toContain("createCallerAuth");
  expect([...names].filter((name) => !serverExports.includes(name))).toEqual([]);
});
