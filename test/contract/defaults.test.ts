import { describe, expect, inject, it } from "vitest";
import { changeRole, createOrg, inviteUser } from "../../src/generated/operations.js";
import { createTransport } from "../../src/transport/index.js";
import { requestOf } from "../support/fetch-request.js";

/** Body fields the contract gives a default may be omitted: what goes on the wire still satisfies Prism. */
function recordingTransport() {
  const exchanges: { status: number; violations: string | null; body: unknown }[] = [];
  const transport = createTransport({
    authUrl: inject("prismUrl"),
    logger: { warn: () => undefined },
    fetch: async (input, init) => {
      const body: unknown = JSON.parse(await requestOf(input, init).text());
      const response = await fetch(input, init);
      exchanges.push({ status: response.status, violations: response.headers.get("sl-violations"), body });
      return response;
    },
  });
  return { transport, exchanges };
}

describe("omitted fields with a contract default", () => {
  it("are required on the wire: Prism flags a body that leaves them out", async () => {
    const response = await fetch(`${inject("prismUrl")}/api/fe/v3/invite_user`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
      body: JSON.stringify({ org_id: "org_acme", email: "grace@acme.com", role: "Member" }),
    });
    const violations = response.headers.get("sl-violations") ?? (await response.text());
    expect(violations).toContain("additional_roles");
  });

  it("inviteUser without additional_roles", async () => {
    const { transport, exchanges } = recordingTransport();
    await expect(
      inviteUser(transport, { body: { org_id: "org_acme", email: "grace@acme.com", role: "Member" } }),
    ).resolves.toBeUndefined();
    expect(exchanges).toEqual([
      {
        status: 204,
        violations: null,
        body: { org_id: "org_acme", email: "grace@acme.com", role: "Member", additional_roles: [] },
      },
    ]);
  });

  it("changeRole without additional_roles", async () => {
    const { transport, exchanges } = recordingTransport();
    await expect(
      changeRole(transport, { body: { org_id: "org_acme", user_id: "user_grace", role: "Admin" } }),
    ).resolves.toBeUndefined();
    expect(exchanges).toEqual([
      {
        status: 204,
        violations: null,
        body: { org_id: "org_acme", user_id: "user_grace", role: "Admin", additional_roles: [] },
      },
    ]);
  });

  it("createOrg without autojoin_by_domain and restrict_to_domain", async () => {
    const { transport, exchanges } = recordingTransport();
    await expect(createOrg(transport, { body: { name: "Acme" } })).resolves.toHaveProperty("org_id");
    expect(exchanges).toEqual([
      { status: 200, violations: null, body: { name: "Acme", autojoin_by_domain: false, restrict_to_domain: false } },
    ]);
  });
});
