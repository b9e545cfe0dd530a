/** Optional request fields accept `undefined` (exactOptionalPropertyTypes) and an undefined field is never sent. */
import { describe, expect, it, vi } from "vitest";
import { createApiKey, listOrgMembers } from "../../../src/generated/operations.js";
import { createTransport, type ValidationMode } from "../../../src/transport/index.js";
import { requestOf } from "../../support/fetch-request.js";

function recordingTransport(validation: ValidationMode, answer: unknown) {
  const sent: { url: URL; body: string }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = requestOf(input, init);
    sent.push({ url: new URL(request.url), body: await request.text() });
    return Response.json(answer);
  });
  return {
    transport: createTransport({ authUrl: "https://auth.example.com", fetch, validation, logger: { warn: vi.fn() } }),
    sent,
  };
}

const page = { users: [], total_count: 0, page_number: 0, page_size: 10, has_more_results: false };

describe.each<ValidationMode>(["throw", "report", "off"])("undefined optional fields (validation %s)", (validation) => {
  it("are left out of the query string", async () => {
    const { transport, sent } = recordingTransport(validation, page);
    const search: string | undefined = undefined;
    await listOrgMembers(transport, {
      path: { orgId: "org_acme" },
      query: { email_search: search, page_number: 2, page_size: undefined },
    });
    await listOrgMembers(transport, { path: { orgId: "org_acme" }, query: undefined });
    expect([...sent[0]!.url.searchParams.entries()]).toEqual([["page_number", "2"]]);
    expect(sent[1]!.url.search).toBe("");
  });

  it("are left out of the JSON body", async () => {
    const { transport, sent } = recordingTransport(validation, { api_key_id: "k1", api_key_token: "t1" });
    const name: string | undefined = undefined;
    await createApiKey(transport, { body: { display_name: name, expiration_option: undefined, org_id: "org_acme" } });
    expect(JSON.parse(sent[0]!.body)).toEqual({ org_id: "org_acme" });
  });
});
