import { describe, expect, inject, it } from "vitest";
import { changeRole, createOrg, inviteUser } from "../../src/generated/operations.js";
import { type PrismExchange, recordingTransport } from "./prism-calls.js";

/** Body fields the contract gives a default may be omitted: what goes on the wire still satisfies Prism. */

/** Each exchange's status and violations with the JSON body it sent. */
const withBodies = (exchanges: PrismExchange[]) =>
  Promise.all(
    exchanges.map(async ({ request, status, violations }) => ({ status, violations, body: await request.json() })),
  );

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
    expect(await withBodies(exchanges)).toEqual([
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
    expect(await withBodies(exchanges)).toEqual([
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
    expect(await withBodies(exchanges)).toEqual([
      { status: 200, violations: null, body: { name: "Acme", autojoin_by_domain: false, restrict_to_domain: false } },
    ]);
  });
});
