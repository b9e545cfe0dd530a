/**
 * The session's zod-free answer checks (src/generated/validators/session.ts, also the refresh and logout fetchers'
 * validators) check what the zod validators check:
 * every answer of a corpus — a valid refresh answer, each of its fields missing, of every wrong kind, a fraction, an
 * unknown enum value, extra keys at every level, `__proto__` keys — is accepted by both or refused by both, at the
 * same paths, and an accepted answer comes out the same (unknown keys dropped, loose objects kept whole).
 */
import { describe, expect, it } from "vitest";
import { LogoutResponseSchema } from "../../../src/generated/zod/LogoutResponseSchema.js";
import { RefreshTokenResponseSchema } from "../../../src/generated/zod/RefreshTokenResponseSchema.js";
import { ErrorResponseBodySchema } from "../../../src/generated/zod/ErrorResponseBodySchema.js";
import { operationValidators, sessionValidators } from "../../../src/generated/validators/session.js";
import { refreshBody } from "../../support/refresh-body.js";

type Json = unknown;

/** Every path to a value inside `value` (objects and arrays), the root excluded. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    return [path, ...paths(child, path)];
  });
}

/** `value` with the part at `path` replaced (`undefined` deletes it). */
function withPart(value: Json, path: (string | number)[], part: Json): Json {
  const copy = structuredClone(value) as Record<string | number, Json>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path.at(-1)!;
  if (part === undefined) delete parent[last];
  else parent[last] = part;
  return copy;
}

const REPLACEMENTS: Json[] = [undefined, null, 42, 1.5, "text", true, [], {}, ["x"], { extra: 1 }, "multi_role"];

/** The valid answer, then every field of it replaced by every kind of value, and extra keys everywhere. */
function corpus(valid: Json): Json[] {
  const answers: Json[] = [valid, null, [], "text", 42, {}];
  for (const path of paths(valid)) for (const part of REPLACEMENTS) answers.push(withPart(valid, path, part));
  const isObject = (part: Json) => typeof part === "object" && part !== null && !Array.isArray(part);
  const partAt = (path: (string | number)[]) =>
    path.reduce<Json>((part, key) => (part as Record<string | number, Json>)[key], valid);
  for (const path of [[], ...paths(valid)].filter((at) => isObject(partAt(at)))) {
    answers.push(withPart(valid, [...path, "unknown_key"], { nested: true }));
  }
  answers.push(JSON.parse(`{"__proto__": {"polluted": true}, ${JSON.stringify(valid).slice(1)}`));
  return answers;
}

/** What a validator's `safeParse` says, comparably: accepted with its data, or refused at which paths. */
function verdict(result: { success: boolean; data?: unknown; error?: { issues: { path: PropertyKey[] }[] } }) {
  if (result.success) return { data: result.data };
  const at = result.error!.issues.map((issue) => issue.path.map(String).join("."));
  return { refusedAt: [...new Set(at)].sort() };
}

describe("the session's answer checks against the zod validators", () => {
  const impersonated = refreshBody(1_700_000_000_000, 1800, { impersonator_user: { user_id: "admin" } });
  const withOptionals = refreshBody(1_700_000_000_000, 1800, {
    user: { ...refreshBody(0, 0).user, username: "ada", last_name: "L", picture_url: "p", legacy_user_id: "l" },
  });
  it.each([
    ["refresh", impersonated, RefreshTokenResponseSchema, sessionValidators.refresh],
    ["refresh, every optional field", withOptionals, RefreshTokenResponseSchema, sessionValidators.refresh],
    ["logout", { redirect_to: "https://example.com/" }, LogoutResponseSchema, sessionValidators.logout],
    [
      "an error body (the refresh and logout fetchers')",
      {
        error_code: "some_new_code",
        user_facing_error: "No",
        user_facing_errors: { a: "x" },
        field_errors: { a: "y" },
      },
      ErrorResponseBodySchema,
      operationValidators.refreshToken.errorBody!,
    ],
  ] as const)("%s: the same verdict on every answer of the corpus", (_name, valid, zod, plain) => {
    const answers = corpus(valid);
    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) {
      expect(verdict(plain.safeParse(answer) as never), JSON.stringify(answer)).toEqual(
        verdict(zod.safeParse(answer) as never),
      );
    }
  });

  it("an accepted answer's objects have the usual prototype, whatever keys it had", () => {
    const answer = JSON.parse(`{"__proto__": {"polluted": true}, ${JSON.stringify(impersonated).slice(1)}`);
    const result = sessionValidators.refresh.safeParse(answer);
    expect(result.success && Object.getPrototypeOf(result.data)).toBe(Object.prototype);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
