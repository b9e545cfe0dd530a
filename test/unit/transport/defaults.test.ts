import { describe, expect, it, vi } from "vitest";
import { changeRole, createOrg, inviteUser } from "../../../src/generated/operations.js";
import { RequestValidationError, createTransport, type ValidationMode } from "../../../src/transport/index.js";
import { requestOf } from "../../support/fetch-request.js";

/** Body fields with a contract default may be omitted by the caller; the transport sends the default. */
function recordingTransport(validation: ValidationMode = "throw") {
  const bodies: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(await requestOf(input, init).text()));
    return new Response(JSON.stringify({ org_id: "org_new", first_org: false }), { status: 200 });
  });
  return {
    transport: createTransport({ authUrl: "https://auth.example.com", fetch, validation, logger: { warn: vi.fn() } }),
    bodies,
    fetch,
  };
}

describe("contract defaults in request bodies", () => {
  it.each<ValidationMode>(["throw", "report", "off"])(
    "are filled in on the wire when omitted (validation %s)",
    async (validation) => {
      const { transport, bodies } = recordingTransport(validation);
      await inviteUser(transport, { body: { org_id: "org_acme", email: "grace@acme.com", role: "Member" } });
      await changeRole(transport, { body: { org_id: "org_acme", user_id: "user_grace", role: "Admin" } });
      await createOrg(transport, { body: { name: "Acme" } });
      expect(bodies).toEqual([
        { org_id: "org_acme", email: "grace@acme.com", role: "Member", additional_roles: [] },
        { org_id: "org_acme", user_id: "user_grace", role: "Admin", additional_roles: [] },
        { name: "Acme", autojoin_by_domain: false, restrict_to_domain: false },
      ]);
    },
  );

  it("keep the values the caller gives", async () => {
    const { transport, bodies } = recordingTransport();
    await inviteUser(transport, {
      body: { org_id: "org_acme", email: "grace@acme.com", role: "Member", additional_roles: ["Billing"] },
    });
    await createOrg(transport, { body: { name: "Acme", autojoin_by_domain: true, restrict_to_domain: true } });
    expect(bodies).toEqual([
      { org_id: "org_acme", email: "grace@acme.com", role: "Member", additional_roles: ["Billing"] },
      { name: "Acme", autojoin_by_domain: true, restrict_to_domain: true },
    ]);
  });

  it("do not excuse a wrongly typed value or a missing field without a default", async () => {
    const { transport, fetch } = recordingTransport();
    await expect(
      inviteUser(transport, {
        body: { org_id: "org_acme", email: "grace@acme.com", role: "Member", additional_roles: "Billing" },
      } as never),
    ).rejects.toBeInstanceOf(RequestValidationError);
    await expect(createOrg(transport, { body: {} } as never)).rejects.toBeInstanceOf(RequestValidationError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("with validation off, a body that does not match is sent as given", async () => {
    const { transport, bodies } = recordingTransport("off");
    await createOrg(transport, { body: { name: "Acme", brand_new_flag: true } } as never);
    expect(bodies).toEqual([{ name: "Acme", brand_new_flag: true }]);
  });
});
