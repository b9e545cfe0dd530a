import { afterEach, describe, expect, it, vi } from "vitest";
import { VALIDATION_OFF, bundle } from "../../../bench/bundle.js";

/**
 * Validation a team can compile out: with `globalThis.ORGAUTH_VALIDATION` defined as "off" every generated
 * validator is one that accepts any value, and a bundle keeps no zod code; without it nothing changes.
 */
/** The global an app's bundler defines (the library reads it, and declares nothing into the app's types). */
const switches = globalThis as { ORGAUTH_VALIDATION?: "on" | "off" | undefined };

describe("validation compiled out", { timeout: 120_000 }, () => {
  afterEach(() => {
    switches.ORGAUTH_VALIDATION = undefined;
    vi.resetModules();
  });

  it("turns every validator into one that accepts the value as it is", async () => {
    switches.ORGAUTH_VALIDATION = "off";
    vi.resetModules();
    const validators = await import("../../../src/generated/zod.js");
    const malformed = { access_token: 42, extra: true };
    expect(validators.RefreshTokenResponseSchema.safeParse(malformed)).toEqual({ success: true, data: malformed });
    expect(validators.InviteUserRequestInputSchema.safeParse({})).toEqual({ success: true, data: {} });
  });

  it("leaves validation on when the switch is not set", async () => {
    vi.resetModules();
    const validators = await import("../../../src/generated/zod.js");
    expect(validators.RefreshTokenResponseSchema.safeParse({ access_token: 42 }).success).toBe(false);
  });

  it("keeps no zod code in a bundle whose bundler defines the switch", async () => {
    const source = `export { createAuthClient, listOrgMembers } from "../src/index.ts";`;
    const on = await bundle(source);
    const off = await bundle(source, { define: VALIDATION_OFF });
    expect(on.inputs.some(([file]) => file.includes("node_modules/zod/"))).toBe(true);
    expect(off.inputs.filter(([file]) => file.includes("node_modules/zod/"))).toEqual([]);
    expect(off.code).not.toContain("_zod");
    expect(off.gzipBytes).toBeLessThan(on.gzipBytes);
  }, 120_000);

  it("sends bodies as given and takes answers as they are, loading no validators", async () => {
    switches.ORGAUTH_VALIDATION = "off";
    vi.resetModules();
    const { createTransport } = await import("../../../src/transport/index.js");
    const { getOrgSettings, inviteUser, inviteUserOperation } = await import("../../../src/generated/operations.js");
    const load = vi.spyOn(inviteUserOperation, "validators");
    const bodies: unknown[] = [];
    const transport = createTransport({
      authUrl: "https://auth.example.com",
      fetch: async (_url, init) => {
        if (init?.body) bodies.push(JSON.parse(String(init.body)));
        return init?.body ? new Response(null, { status: 204 }) : Response.json({ unexpected: true });
      },
    });
    await inviteUser(transport, { body: { org_id: "o1", email: "a@b.co", role: "Member" } });
    expect(bodies).toEqual([{ org_id: "o1", email: "a@b.co", role: "Member" }]); // no contract default filled in
    await expect(getOrgSettings(transport, { query: { org_id: "o1" } })).resolves.toEqual({ unexpected: true });
    expect(load).not.toHaveBeenCalled();
  });
});
