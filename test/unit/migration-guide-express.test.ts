/**
 * docs/migrating-from-propelauth.md's `@propelauth/express` table lists `initAuth` and every member of what the
 * installed `@propelauth/express`'s `initAuth` returns (its guards and backend calls, read from its declaration)
 * exactly once; each guard maps to the guard of the same name of orgauth/express, each backend call to a method of the
 * backend client, an orgauth/server function, or says why not. In this table and the `@propelauth/node` one, a call
 * whose contract answer is an array says so.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { parse } from "yaml";
import { expect, it } from "vitest";
import { guideTableRows } from "../support/guide-table.js";
import { createExpressAuth } from "../../src/express/index.js";

const ROOT = join(import.meta.dirname, "..", "..");

/** The names of what `initAuth` of the installed @propelauth/express returns (its declaration's return type, parsed). */
function vendorMembers(): string[] {
  const file = join(ROOT, "node_modules", "@propelauth", "express", "dist", "auth.d.ts");
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const init = source.statements.find(
    (statement): statement is ts.FunctionDeclaration =>
      ts.isFunctionDeclaration(statement) && statement.name?.text === "initAuth",
  );
  if (!init?.type || !ts.isTypeLiteralNode(init.type)) throw new Error("@propelauth/express declares no initAuth");
  return init.type.members.flatMap((member) => (member.name && ts.isIdentifier(member.name) ? [member.name.text] : []));
}

const rows = guideTableRows("`@propelauth/express`");
const guards = Object.keys(
  createExpressAuth({ authUrl: "https://auth.example.com", apiKey: "k" }) as unknown as Record<string, unknown>,
);

it("lists initAuth and each guard and backend call of @propelauth/express exactly once", () => {
  const members = vendorMembers();
  expect(members).toEqual(expect.arrayContaining(["requireUser", "requireOrgMemberWithAllPermissions", "fetchOrg"]));
  const listed = rows.map(([first]) => /^`(\w+)`$/.exec(first ?? "")?.[1] ?? `not one name: ${first}`);
  expect([...listed].sort()).toEqual(["initAuth", ...members].sort());
});

it("maps each guard to orgauth/express's guard of the same name, each backend call to the client or says why not", () => {
  const methods = new Set(
    [...readFileSync(join(ROOT, "src", "generated", "backend-types.ts"), "utf8").matchAll(/^ {2}(\w+)\(/gm)].map(
      ([, name]) => name!,
    ),
  );
  const unmapped = rows.filter(([vendor, ours, entry, notes]) => {
    const name = /^`(\w+)`$/.exec(vendor ?? "")?.[1] ?? "";
    if (name.startsWith("require") || name === "optionalUser") {
      return (
        entry !== "`orgauth/express`" || !guards.includes(name) || !ours?.startsWith(`\`createExpressAuth(…).${name}\``)
      );
    }
    const method = /^`auth\.callers\.backend\.(\w+)`$/.exec(ours ?? "")?.[1];
    if (method !== undefined) return !methods.has(method) || entry !== "—";
    if (ours === "no method") return !/501/.test(notes ?? "");
    return !["`orgauth/server`", "`orgauth/express`"].includes(entry ?? "");
  });
  expect(unmapped).toEqual([]);
});

/** The backend client's methods whose answer the contract makes a list (an operation's 200 body of type array). */
function methodsAnsweringArrays(): string[] {
  const contract = parse(readFileSync(join(ROOT, "openapi", "auth-api.yaml"), "utf8"));
  const resolve = (node: { $ref?: string } | undefined): Record<string, unknown> | undefined =>
    node?.$ref
      ? resolve(
          node.$ref
            .slice(2)
            .split("/")
            .reduce((at, key) => at?.[key], contract) as { $ref?: string },
        )
      : node;
  return Object.values(
    contract.paths as Record<
      string,
      Record<string, { operationId?: string; responses?: Record<string, { $ref?: string }> }>
    >,
  )
    .flatMap((path) => Object.values(path))
    .filter((operation) => operation.operationId?.startsWith("backend"))
    .filter((operation) => {
      const ok = resolve(operation.responses?.["200"]) as { content?: Record<string, { schema?: { $ref?: string } }> };
      return resolve(ok?.content?.["application/json"]?.schema)?.type === "array";
    })
    .map(({ operationId = "" }) => operationId.charAt(7).toLowerCase() + operationId.slice(8));
}

it("says a call answers an array wherever the contract's answer is one, in the node and the Express tables", () => {
  const arrays = methodsAnsweringArrays();
  expect(arrays).toEqual(expect.arrayContaining(["fetchUsersByIds", "fetchUsersByEmails", "fetchUsersByUsernames"]));
  const rowsNamingThem = [...guideTableRows("`@propelauth/node`"), ...rows].filter(([, ours]) =>
    arrays.some((method) => new RegExp(`backend\\.${method}\`$`).test(ours ?? "")),
  );
  expect(rowsNamingThem.length).toBeGreaterThanOrEqual(6);
  expect(rowsNamingThem.filter(([, , , notes]) => !/^Answers an array/.test(notes ?? ""))).toEqual([]);
});
