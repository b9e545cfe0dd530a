import { describe, expect, it, vi } from "vitest";
import { deleteApiKey, joinOrg, listOrgMembers } from "../../../src/generated/operations.js";
import { RequestValidationError, createTransport } from "../../../src/transport/index.js";
import { requestOf } from "../../support/fetch-request.js";

/** Path ids are percent-encoded and can never leave the operation's path (no dot segments). */
function recordingTransport() {
  const urls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(requestOf(input, init).url);
    return new Response(JSON.stringify({ org_id: "o", first_org: false }), { status: 200 });
  });
  return {
    transport: createTransport({ authUrl: "https://auth.example.com", fetch, logger: { warn: vi.fn() } }),
    urls,
    fetch,
  };
}

describe("path ids", () => {
  it("show why dot segments must be refused: URL parsing removes them, encoded or not", () => {
    expect(new URL("https://auth.example.com/api/fe/v3/join_org/..").pathname).toBe("/api/fe/v3/");
    expect(new URL("https://auth.example.com/api/fe/v3/join_org/%2e%2E").pathname).toBe("/api/fe/v3/");
    expect(encodeURIComponent("..")).toBe("..");
  });

  it.each([".", "..", "%2e", "%2E", "%2e%2e", ".%2e", "%2E.", "%252e", "%25252E%2e"])(
    "refuses %j with RequestValidationError, sending nothing",
    async (orgId) => {
      const { transport, fetch } = recordingTransport();
      const error = await joinOrg(transport, { path: { orgId } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error).toMatchObject({ operationId: "joinOrg", issues: [{ path: ["path", "orgId"] }] });
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it("refuses a dot segment in any operation with a path id", async () => {
    const { transport, fetch } = recordingTransport();
    await expect(deleteApiKey(transport, { path: { apiKeyId: ".." } })).rejects.toBeInstanceOf(RequestValidationError);
    await expect(listOrgMembers(transport, { path: { orgId: "." } })).rejects.toBeInstanceOf(RequestValidationError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ["...", "..."],
    ["a..", "a.."],
    [".a", ".a"],
    ["org.acme", "org.acme"],
    ["../x", "..%2Fx"],
    ["%2e%2e%2e", "%252e%252e%252e"],
    ["%2f", "%252f"],
  ])("sends %j inside the operation's path as %j", async (orgId, sent) => {
    const { transport, urls } = recordingTransport();
    await joinOrg(transport, { path: { orgId } });
    expect(urls).toEqual([`https://auth.example.com/api/fe/v3/join_org/${sent}`]);
  });
});
