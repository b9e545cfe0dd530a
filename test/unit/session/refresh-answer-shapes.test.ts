/**
 * A refresh answer of any shape — an older provider's membership without `inherited_user_roles_plus_current_role`,
 * a null user, a list for an object — is the typed parse error, never a TypeError from the mapping: with the
 * validators on and with validation compiled out (`globalThis.ORGAUTH_VALIDATION = "off"`), where any shape reaches
 * the mapping.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createServerEnvironment } from "../../../src/session/environment.js";
import type { AuthEventBody } from "../../../src/session/events.js";
import { resolveTiming } from "../../../src/session/options.js";
import { logoutRequest, refreshWithRetries } from "../../../src/session/session-requests.js";
import { refreshBody } from "../../support/refresh-body.js";

const switches = globalThis as { ORGAUTH_VALIDATION?: "on" | "off" | undefined };
afterEach(() => {
  switches.ORGAUTH_VALIDATION = undefined;
});

const valid = refreshBody(Date.now(), 1800);
const { inherited_user_roles_plus_current_role: _, ...olderMembership } = valid.org_id_to_org_member_info.o1;

/** Answers that the contract's RefreshTokenResponse does not describe. */
const SHAPES: Record<string, unknown> = {
  "a membership without inherited_user_roles_plus_current_role": {
    ...valid,
    org_id_to_org_member_info: { o1: olderMembership },
  },
  "a membership whose permissions are null": {
    ...valid,
    org_id_to_org_member_info: { o1: { ...valid.org_id_to_org_member_info.o1, user_permissions: null } },
  },
  "a null membership": { ...valid, org_id_to_org_member_info: { o1: null } },
  "a null user": { ...valid, user: null },
  "no user": { access_token: valid.access_token, expires_at_seconds: valid.expires_at_seconds },
  "a number for the token": { ...valid, access_token: 42 },
  "JSON null": null,
  "a list": [valid],
};

/** The refresh's outcome for `answer`, and the events it emitted. */
async function refreshAgainst(answer: unknown) {
  const events: AuthEventBody[] = [];
  const outcome = await refreshWithRetries(
    [
      createServerEnvironment({ fetch: async () => Response.json(answer) }),
      "https://auth.example.com",
      resolveTiming({ timeoutMs: 5_000, retryDelaysMs: [] }),
      (event) => void events.push(event),
      new AbortController().signal,
    ],
    null,
  ).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  return { outcome, events };
}

describe.each(["on", "off"] as const)("a refresh answer of an unexpected shape, validation %s", (validation) => {
  it.each(Object.keys(SHAPES))("%s: RefreshError kind parse, status 500", async (shape) => {
    switches.ORGAUTH_VALIDATION = validation;
    const { outcome, events } = await refreshAgainst(SHAPES[shape]);
    expect(outcome).toEqual({ error: expect.objectContaining({ name: "RefreshError", kind: "parse", status: 500 }) });
    expect(events).toContainEqual(expect.objectContaining({ type: "validation_failed", operation: "refresh_token" }));
  });

  it("a valid answer is a session", async () => {
    switches.ORGAUTH_VALIDATION = validation;
    const { outcome } = await refreshAgainst(valid);
    expect("value" in outcome && outcome.value[0]).toMatchObject({ user: { userId: "u1" } });
  });

  it.each([null, 42, "text", { redirect_to: 7 }])("a logout answered %j resolves with no redirect", async (answer) => {
    switches.ORGAUTH_VALIDATION = validation;
    const ctx = [
      createServerEnvironment({ fetch: async () => Response.json(answer) }),
      "https://auth.example.com",
      resolveTiming({ timeoutMs: 5_000, retryDelaysMs: [] }),
      () => undefined,
      new AbortController().signal,
    ] as const;
    await expect(logoutRequest(ctx)).resolves.toBeNull();
  });
});
