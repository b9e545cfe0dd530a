/**
 * An operation without its standard error responses (500 on every call, 401 on a bearer's, 429 on the backend API's)
 * is refused by `npm run generate`, naming the file to edit and the response to add, and by the contract lint.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { parseContract } from "../../../scripts/codegen/contract.js";
import { assertStandardErrorResponses } from "../../../scripts/codegen/error-responses.js";
import { buildOperations } from "../../../scripts/codegen/model.js";
import { repoRoot } from "../../../scripts/lib/repo-root.js";

// biome-ignore lint/suspicious/noExplicitAny: the test removes responses from the parsed contract
type Document = any;
const bundle = readFileSync(join(repoRoot, "openapi", "auth-api.yaml"), "utf8");

/** The contract with one response of one operation removed. */
function without(path: string, method: string, status: string): Document {
  const document: Document = parse(bundle);
  delete document.paths[path][method].responses[status];
  return document;
}
const refusal = (document: Document) => () =>
  assertStandardErrorResponses(buildOperations(parseContract(stringify(document))));

describe("npm run generate: the standard error responses", () => {
  it("accepts the contract as it is", () => {
    expect(refusal(parse(bundle))).not.toThrow();
  });

  it.each([
    [
      "/api/fe/v3/create_org",
      "post",
      "500",
      "createOrg (POST /api/fe/v3/create_org) documents no 500 response answering unexpected_error (any call can fail on the server): add '500': { $ref: '#/components/responses/UnexpectedError' } to its responses in openapi/areas/orgs.yaml",
    ],
    [
      "/propelauth/oauth/userinfo",
      "get",
      "401",
      "oauthUserinfo (GET /propelauth/oauth/userinfo) documents no 401 response (the access token can be refused): add '401': { $ref: '#/components/responses/NotLoggedIn' } to its responses in openapi/areas/server-session.yaml",
    ],
    [
      "/api/backend/v1/user/{userId}",
      "get",
      "429",
      "backendFetchUserById (GET /api/backend/v1/user/{userId}) documents no 429 response (the backend API rate-limits): add '429': { $ref: '#/components/responses/BackendRateLimited' } to its responses in openapi/areas/backend-users.yaml",
    ],
  ])("refuses %s %s without its %s, naming the file and the response to add", (path, method, status, message) => {
    expect(refusal(without(path, method, status))).toThrow(message);
  });
});

describe("the contract lint (Redocly, openapi/redocly.yaml)", () => {
  const dir = mkdtempSync(join(tmpdir(), "orgauth-lint-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("refuses a call without a 500 and a backend call without a 429", async () => {
    const document = without("/api/fe/v3/create_org", "post", "500");
    delete document.paths["/api/backend/v1/user/{userId}"].get.responses["429"];
    writeFileSync(join(dir, "auth-api.yaml"), stringify(document));
    const redocly = join(repoRoot, "node_modules", ".bin", "redocly");
    const config = join(repoRoot, "openapi", "redocly.yaml");
    const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
    const lint = await promisify(execFile)(redocly, ["lint", join(dir, "auth-api.yaml"), "--config", config], {
      env,
    }).then(
      () => "",
      (failed: { stdout: string; stderr: string }) => failed.stdout + failed.stderr,
    );
    expect(lint).toMatch(/~1api~1fe~1v3~1create_org\/post\/responses[\s\S]*?documents no 500 response/);
    expect(lint).toMatch(/~1api~1backend~1v1~1user~1\{userId\}\/get\/responses[\s\S]*?documents 401 and 429/);
  }, 30_000);
});
