/**
 * The claims of an access token as the provider signs them (a user token carries `org_id_to_org_member_info`, an org
 * token `org_member_info`), checked after the signature: a signed token whose claims are not a user's is refused.
 */
import * as z from "zod/mini";
import { roleStructureOf } from "./membership-wire.js";

const stringList = z.array(z.string());
const freeMap = z.record(z.string(), z.unknown());

const MemberInfoClaims = z.object({
  org_id: z.string(),
  org_name: z.string(),
  url_safe_org_name: z.string(),
  org_metadata: z.nullish(freeMap),
  legacy_org_id: z.nullish(z.string()),
  user_role: z.string(),
  inherited_user_roles_plus_current_role: stringList,
  user_permissions: stringList,
  org_role_structure: z.pipe(
    z.nullish(z.string()),
    z.transform((value: string | null | undefined) => roleStructureOf(value)),
  ),
  additional_roles: z.nullish(stringList),
});

const LoginMethodClaim = z.looseObject({
  login_method: z.string(),
  provider: z.optional(z.string()),
  org_id: z.optional(z.string()),
});

const AccessTokenClaimsSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  first_name: z.nullish(z.string()),
  last_name: z.nullish(z.string()),
  username: z.nullish(z.string()),
  legacy_user_id: z.nullish(z.string()),
  impersonator_user_id: z.nullish(z.string()),
  properties: z.nullish(freeMap),
  metadata: z.nullish(freeMap),
  login_method: z.nullish(LoginMethodClaim),
  org_id_to_org_member_info: z.nullish(z.record(z.string(), MemberInfoClaims)),
  org_member_info: z.nullish(MemberInfoClaims),
  exp: z.number(),
});

/** The claims of a verified access token that the server user is built from. */
export type AccessTokenClaims = z.output<typeof AccessTokenClaimsSchema>;
/** One membership as a token carries it. */
export type MemberInfoClaims = z.output<typeof MemberInfoClaims>;
/** How the session logged in, as a token carries it. */
export type LoginMethodClaim = z.output<typeof LoginMethodClaim>;

/** The payload's claims, or a list of what is wrong with them (the paths of the first few issues). */
export function readClaims(payload: unknown): { ok: true; claims: AccessTokenClaims } | { ok: false; problem: string } {
  const result = AccessTokenClaimsSchema.safeParse(payload);
  if (result.success) return { ok: true, claims: result.data };
  const paths = result.error.issues.slice(0, 3).map((issue) => issue.path.join(".") || "(root)");
  return { ok: false, problem: `claims not those of a user token: ${paths.join(", ")}` };
}
