import { createHash } from "node:crypto";
import { expect, it } from "vitest";
import { ADA, feHeaders, raw, useEmulator } from "./harness.js";

/**
 * The admin API's actions behind the admin UI: the last-owner rule, delete user, create and delete org, extra roles,
 * sessions and API keys. Each needs the secret; bad input is a typed 400 (or 404 for what does not exist), never a
 * 500.
 */
const emu = useEmulator();

interface AdminOrg {
  id: string;
  name: string;
  members: { userId: string; email: string; role: string; additionalRoles: string[] }[];
}
const orgs = async () => ((await emu.admin("GET", "/__emulator/orgs")) as { orgs: AdminOrg[] }).orgs;
const org = async (name: string) => (await orgs()).find((o) => o.name === name)!;
type User = { id: string; email: string; emailConfirmed: boolean };
const users = async () => ((await emu.admin("GET", "/__emulator/users")) as { users: User[] }).users;

/** An admin call with the secret that may fail: status and parsed body. */
async function call(method: string, path: string, body?: unknown) {
  const answer = await raw(emu.url, {
    method,
    path,
    headers: { "Content-Type": "application/json", "x-emulator-secret": emu.secret },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: JSON.parse(answer.body || "{}") as Record<string, unknown> };
}

it("keeps an org's last Owner: no demotion, no removal, no deleting the user (400 last_owner)", async () => {
  const acme = await org("Acme Inc.");
  const ada = acme.members.find((m) => m.email === ADA)!;
  const path = `/__emulator/orgs/${acme.id}/members/${ada.userId}`;
  const demote = await call("PUT", path, { role: "Admin" });
  expect(demote.status).toBe(400);
  expect(demote.body).toMatchObject({ error_code: "invalid_request_fields", field_errors: { role: "last_owner" } });
  expect(String((demote.body.user_facing_errors as Record<string, string>).role)).toContain(
    "Acme Inc. must keep at least one Owner",
  );
  const remove = await call("DELETE", path);
  expect(remove.status).toBe(400);
  expect(remove.body).toMatchObject({ field_errors: { user_id: "last_owner" } });
  const del = await call("DELETE", `/__emulator/users/${ada.userId}`);
  expect(del.status).toBe(400);
  expect(String((del.body.user_facing_errors as Record<string, string>).user_id)).toContain(
    "ada@acme.example is the last Owner of Acme Inc.",
  );
  expect((await org("Acme Inc.")).members.find((m) => m.email === ADA)!.role).toBe("Owner");
  expect((await emu.login(ADA)).status).toBe(200);

  // with a second Owner, the first may step down and leave
  const grace = acme.members.find((m) => m.email === "grace@acme.example")!;
  await emu.admin("PUT", `/__emulator/orgs/${acme.id}/members/${grace.userId}`, { role: "Owner" });
  await emu.admin("PUT", path, { role: "Admin" });
  await emu.admin("DELETE", path);
  expect((await org("Acme Inc.")).members.map((m) => m.email)).not.toContain(ADA);
});

it("deletes a user: their login, sessions and memberships go; an unknown id is a 404", async () => {
  const alan = (await users()).find((u) => u.email === "alan@acme.example")!;
  const { cookie } = await emu.login("alan@acme.example");
  await emu.admin("DELETE", `/__emulator/users/${alan.id}`);
  expect((await users()).map((u) => u.email)).not.toContain("alan@acme.example");
  expect((await org("Acme Inc.")).members.map((m) => m.email)).not.toContain("alan@acme.example");
  expect((await emu.login("alan@acme.example")).status).not.toBe(200);
  expect((await raw(emu.url, { path: "/api/v1/refresh_token", headers: { Cookie: cookie! } })).status).toBe(401);
  expect((await call("DELETE", `/__emulator/users/${alan.id}`)).status).toBe(404);
});

it("creates a user with or without a confirmed e-mail", async () => {
  await emu.admin("POST", "/__emulator/users", { email: "una@acme.example", emailConfirmed: false });
  await emu.admin("POST", "/__emulator/users", { email: "uma@acme.example" });
  const all = await users();
  expect(all.find((u) => u.email === "una@acme.example")!.emailConfirmed).toBe(false);
  expect(all.find((u) => u.email === "uma@acme.example")!.emailConfirmed).toBe(true);
  expect((await call("POST", "/__emulator/users", { email: "x@acme.example", emailConfirmed: "no" })).status).toBe(400);
});

it("creates an org with its first Owner, and deletes an org with its memberships", async () => {
  const created = (await emu.admin("POST", "/__emulator/orgs", {
    name: "Hooli",
    ownerEmail: "alan@acme.example",
    domain: "hooli.example",
    roleStructure: "multi_role",
  })) as { orgId: string };
  const hooli = await org("Hooli");
  expect(hooli.id).toBe(created.orgId);
  expect(hooli.members).toEqual([expect.objectContaining({ email: "alan@acme.example", role: "Owner" })]);
  await emu.admin("POST", "/__emulator/orgs", { name: "Pied Piper" });
  expect((await org("Pied Piper")).members).toEqual([]);
  await emu.admin("DELETE", `/__emulator/orgs/${created.orgId}`);
  expect((await orgs()).map((o) => o.name)).not.toContain("Hooli");
  expect((await call("DELETE", `/__emulator/orgs/${created.orgId}`)).status).toBe(404);
});

it("adds an extra role that members can then be given", async () => {
  const added = (await emu.admin("POST", "/__emulator/additional_roles", {
    name: "Support",
    permissions: ["can_view_tickets"],
  })) as { additionalRoles: { name: string }[] };
  expect(added.additionalRoles.map((r) => r.name)).toEqual(["Billing", "Support"]);
  const acme = await org("Acme Inc.");
  const alan = acme.members.find((m) => m.email === "alan@acme.example")!;
  await emu.admin("PUT", `/__emulator/orgs/${acme.id}/members/${alan.userId}`, {
    role: "Member",
    additionalRoles: ["Billing", "Support"],
  });
  expect((await org("Acme Inc.")).members.find((m) => m.email === "alan@acme.example")!.additionalRoles).toEqual([
    "Billing",
    "Support",
  ]);
  const { cookie } = await emu.login("alan@acme.example");
  const token = await raw(emu.url, { path: "/api/v1/refresh_token", headers: { Cookie: cookie! } });
  expect(token.body).toContain("can_view_tickets");
});

it("lists a user's sessions and revokes one or all: a revoked session no longer refreshes", async () => {
  const adaId = (await users()).find((u) => u.email === ADA)!.id;
  const [first, second, third] = [
    (await emu.login(ADA)).cookie!,
    (await emu.login(ADA)).cookie!,
    (await emu.login(ADA)).cookie!,
  ];
  const path = `/__emulator/users/${adaId}/sessions`;
  const listed = (await emu.admin("GET", path)) as { sessions: { id: string; loginMethod: unknown }[] };
  expect(listed.sessions).toHaveLength(3);
  expect(listed.sessions[0]!.loginMethod).toEqual({ login_method: "password" });
  // a session is named by the hash of its token, never by the token
  const token = first.split("=")[1]!;
  expect(JSON.stringify(listed)).not.toContain(token);
  const firstId = createHash("sha256").update(token).digest("hex");
  expect(listed.sessions.map((session) => session.id)).toContain(firstId);
  const refresh = async (cookie: string) =>
    (await raw(emu.url, { path: "/api/v1/refresh_token", headers: { Cookie: cookie } })).status;
  expect((await emu.admin("DELETE", `${path}/${firstId}`)) as object).toEqual({ ended: 1 });
  expect(await refresh(first)).toBe(401);
  expect(await refresh(second)).toBe(200);
  expect((await call("DELETE", `${path}/${firstId}`)).status).toBe(404);
  await emu.admin("DELETE", path);
  expect([await refresh(second), await refresh(third)]).toEqual([401, 401]);
  expect(((await emu.admin("GET", path)) as { sessions: unknown[] }).sessions).toEqual([]);
});

it("lists a sign-in once after its cookie rotates on refresh; revoking it ends the replaced cookie too", async () => {
  const adaId = await emu.userId(ADA);
  const path = `/__emulator/users/${adaId}/sessions`;
  await emu.admin("DELETE", path);
  const old = (await emu.login(ADA)).cookie!;
  const refreshed = await raw(emu.url, { path: "/api/v1/refresh_token", headers: { Cookie: old } });
  const rotated = [refreshed.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith(old.split("=")[0]!));
  expect(rotated).toBeDefined();
  const fresh = rotated!.split(";")[0]!;
  const listed = (await emu.admin("GET", path)) as { sessions: { id: string }[] };
  expect(listed.sessions.map((session) => session.id)).toEqual([
    createHash("sha256").update(fresh.split("=")[1]!).digest("hex"),
  ]);
  await emu.admin("DELETE", `${path}/${listed.sessions[0]!.id}`);
  const status = async (cookie: string) =>
    (await raw(emu.url, { path: "/api/v1/refresh_token", headers: { Cookie: cookie } })).status;
  expect([await status(fresh), await status(old)]).toEqual([401, 401]);
});

it("creates, lists and revokes API keys of a user and of an org; the token is shown once", async () => {
  const adaId = await emu.userId(ADA);
  const created = (await emu.admin("POST", "/__emulator/api_keys", {
    userId: adaId,
    displayName: "ci",
    expiration: "OneMonth",
  })) as { apiKeyId: string; apiKeyToken: string };
  const listed = (await emu.admin("GET", `/__emulator/api_keys?userId=${adaId}`)) as {
    apiKeys: { id: string; displayName: string; expiresAt: string | null }[];
  };
  expect(listed.apiKeys).toEqual([expect.objectContaining({ id: created.apiKeyId, displayName: "ci" })]);
  expect(listed.apiKeys[0]!.expiresAt).not.toBeNull();
  expect(JSON.stringify(listed)).not.toContain(created.apiKeyToken);
  // the provider's own API sees the same key
  const { cookie } = await emu.login(ADA);
  const personal = await raw(emu.url, {
    path: "/api/fe/v3/personal_api_keys",
    headers: { ...feHeaders, Cookie: cookie! },
  });
  expect(personal.body).toContain(created.apiKeyId);

  const acme = await org("Acme Inc.");
  const orgKey = (await emu.admin("POST", "/__emulator/api_keys", { orgId: acme.id })) as { apiKeyId: string };
  expect(
    ((await emu.admin("GET", `/__emulator/api_keys?orgId=${acme.id}`)) as { apiKeys: { id: string }[] }).apiKeys.map(
      (k) => k.id,
    ),
  ).toContain(orgKey.apiKeyId);
  await emu.admin("DELETE", `/__emulator/api_keys/${created.apiKeyId}`);
  expect(((await emu.admin("GET", `/__emulator/api_keys?userId=${adaId}`)) as { apiKeys: unknown[] }).apiKeys).toEqual(
    [],
  );
  expect((await call("DELETE", `/__emulator/api_keys/${created.apiKeyId}`)).status).toBe(404);
});

it("answers bad input to the new admin routes with a typed 400 or 404, never a 500", async () => {
  const adaId = await emu.userId(ADA);
  const acme = await org("Acme Inc.");
  const cases: [string, string, unknown, number][] = [
    ["POST", "/__emulator/orgs", {}, 400],
    ["POST", "/__emulator/orgs", { name: 5 }, 400],
    ["POST", "/__emulator/orgs", { name: "x".repeat(101) }, 400],
    ["POST", "/__emulator/orgs", { name: "X", roleStructure: "flat" }, 400],
    ["POST", "/__emulator/orgs", { name: "X", ownerEmail: "nobody@nowhere.example" }, 400],
    ["POST", "/__emulator/orgs", { name: "X", domain: "not a domain" }, 400],
    ["POST", "/__emulator/orgs", [], 400],
    ["DELETE", "/__emulator/orgs/no-such-org", undefined, 404],
    ["POST", "/__emulator/additional_roles", {}, 400],
    ["POST", "/__emulator/additional_roles", { name: "owner" }, 400],
    ["POST", "/__emulator/additional_roles", { name: "Billing" }, 400],
    ["POST", "/__emulator/additional_roles", { name: "X", permissions: "can_x" }, 400],
    ["POST", "/__emulator/additional_roles", { name: "X", permissions: ["Can X!"] }, 400],
    ["PUT", `/__emulator/orgs/${acme.id}/members/${adaId}`, { role: "Owner", additionalRoles: ["Nope"] }, 400],
    ["DELETE", `/__emulator/orgs/${acme.id}/members/no-such-user`, undefined, 404],
    ["DELETE", "/__emulator/users/no-such-user", undefined, 404],
    ["GET", "/__emulator/users/no-such-user/sessions", undefined, 404],
    ["DELETE", "/__emulator/users/no-such-user/sessions", undefined, 404],
    ["DELETE", `/__emulator/users/${adaId}/sessions/no-such-session`, undefined, 404],
    ["GET", "/__emulator/api_keys", undefined, 400],
    ["GET", `/__emulator/api_keys?userId=${adaId}&orgId=${acme.id}`, undefined, 400],
    ["GET", "/__emulator/api_keys?userId=no-such-user", undefined, 404],
    ["GET", "/__emulator/api_keys?orgId=no-such-org", undefined, 404],
    ["POST", "/__emulator/api_keys", {}, 400],
    ["POST", "/__emulator/api_keys", { userId: adaId, expiration: "Forever" }, 400],
    ["POST", "/__emulator/api_keys", { userId: adaId, expiration: "toString" }, 400],
    ["POST", "/__emulator/api_keys", { userId: adaId, displayName: "x".repeat(65) }, 400],
    ["POST", "/__emulator/api_keys", { orgId: 3 }, 400],
    ["DELETE", "/__emulator/api_keys/no-such-key", undefined, 404],
  ];
  for (const [method, path, body, status] of cases) {
    const answer = await call(method, path, body);
    expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
    expect(typeof answer.body.error_code, `${method} ${path}`).toBe("string");
  }
});

it("refuses every new admin route without the secret, and nothing changes", async () => {
  const adaId = await emu.userId(ADA);
  const acme = await org("Acme Inc.");
  const state = async () => ({
    users: await users(),
    orgs: await orgs(),
    settings: await emu.settings(),
    sessions: await emu.admin("GET", `/__emulator/users/${adaId}/sessions`),
  });
  const before = await state();
  const calls: [string, string, unknown][] = [
    ["DELETE", `/__emulator/users/${adaId}`, undefined],
    ["POST", "/__emulator/orgs", { name: "Planted" }],
    ["DELETE", `/__emulator/orgs/${acme.id}`, undefined],
    ["POST", "/__emulator/additional_roles", { name: "Planted" }],
    ["GET", `/__emulator/users/${adaId}/sessions`, undefined],
    ["DELETE", `/__emulator/users/${adaId}/sessions`, undefined],
    ["GET", `/__emulator/api_keys?userId=${adaId}`, undefined],
    ["POST", "/__emulator/api_keys", { userId: adaId }],
  ];
  for (const headers of [{}, { "Sec-Fetch-Site": "same-origin" }, { "x-emulator-secret": "guessed" }]) {
    for (const [method, path, body] of calls) {
      const answer = await raw(emu.url, {
        method,
        path,
        headers: { "Content-Type": "application/json", ...headers },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(JSON.parse(answer.body).error_code).toBe("admin_secret_required");
    }
  }
  expect(await state()).toEqual(before);
});
