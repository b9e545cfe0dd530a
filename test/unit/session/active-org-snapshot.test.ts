import { describe, expect, it } from "vitest";
import { createSnapshotDeriver } from "../../../src/session/active-org.js";
import { createStaticAuthClient, makeAuthInfo, makeOrgMembership } from "../../../src/testing/static-auth-client.js";
import type { SessionState } from "../../../src/session/index.js";
import { refreshBody, sessionWorld } from "./fake-world.js";

const orgs = [makeOrgMembership({ orgId: "org_a" }), makeOrgMembership({ orgId: "org_b" })];

describe("the active org in the client's snapshot", () => {
  it("a logged-in snapshot carries the resolved active org; other states pass through as they are", () => {
    const derive = createSnapshotDeriver();
    const loggedIn: SessionState = { status: "logged_in", authInfo: makeAuthInfo({ orgs }) };
    expect(derive(loggedIn, null)).toMatchObject({ status: "logged_in", activeOrgId: "org_a" });
    expect(derive(loggedIn, "org_b")).toMatchObject({ activeOrgId: "org_b" });
    expect(derive(loggedIn, "org_gone")).toMatchObject({ activeOrgId: "org_a" });
    const loggedOut: SessionState = { status: "logged_out" };
    expect(derive(loggedOut, "org_b")).toBe(loggedOut);
  });

  it("stays the same object until the session state or the active org changes", () => {
    const derive = createSnapshotDeriver();
    const state: SessionState = { status: "logged_in", authInfo: makeAuthInfo({ orgs }) };
    const first = derive(state, "org_a");
    expect(derive(state, "org_a")).toBe(first);
    expect(derive(state, null)).toBe(first); // no selection resolves to the same org
    expect(derive(state, "org_b")).not.toBe(first);
  });

  it("uses the app's chooser", () => {
    const derive = createSnapshotDeriver((memberships) => memberships.at(-1)?.orgId ?? null);
    expect(derive({ status: "logged_in", authInfo: makeAuthInfo({ orgs }) }, null)).toMatchObject({
      activeOrgId: "org_b",
    });
  });

  it("setActiveOrgId tells the client's subscribers, and the snapshot follows", () => {
    const client = createStaticAuthClient({ authInfo: makeAuthInfo({ orgs }) });
    let notified = 0;
    client.subscribe(() => notified++);
    const before = client.getSnapshot();
    client.setActiveOrgId("org_b");
    expect(notified).toBe(1);
    expect(client.getSnapshot()).not.toBe(before);
    expect(client.getSnapshot()).toMatchObject({ activeOrgId: "org_b" });
    expect(client.getActiveOrgId()).toBe("org_b");
  });
});

describe("the session client's snapshot", () => {
  const world = sessionWorld();

  it("carries the active org once logged in, and setActiveOrgId re-renders subscribers at once", async () => {
    world.browser.server.orgsUserIsIn.add("o2");
    const o1 = (refreshBody(0, 0).org_id_to_org_member_info as Record<string, Record<string, unknown>>).o1!;
    const o2 = { ...o1, org_id: "o2", org_name: "Two", url_safe_org_name: "two" };
    world.browser.server.bodyOverrides = { org_id_to_org_member_info: { o1, o2 } };
    const { client } = world.openClient();
    let notified = 0;
    client.subscribe(() => notified++);
    await client.getAuthInfo();
    expect(client.getSnapshot()).toMatchObject({ status: "logged_in", activeOrgId: "o1" });
    const before = notified;
    client.setActiveOrgId("o2");
    expect(notified).toBeGreaterThan(before);
    expect(client.getSnapshot()).toMatchObject({ status: "logged_in", activeOrgId: "o2" });
    expect(client.getSnapshot()).toBe(client.getSnapshot());
  });
});
