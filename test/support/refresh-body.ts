/** A valid refresh response (the contract's RefreshTokenResponse) for fake auth servers: the session unit tests and the refresh-traffic bench. */

/** Builds a refresh response body with a token that expires `lifetimeSeconds` from the server's now. */
export function refreshBody(serverNowMs: number, lifetimeSeconds: number, overrides: Record<string, unknown> = {}) {
  return {
    access_token: `token-${serverNowMs}`,
    expires_at_seconds: Math.floor(serverNowMs / 1000) + lifetimeSeconds,
    user: {
      user_id: "u1",
      email: "ada@example.com",
      email_confirmed: true,
      has_password: true,
      first_name: "Ada",
      locked: false,
      enabled: true,
      mfa_enabled: false,
      can_create_orgs: true,
      created_at: 1_700_000_000,
      last_active_at: 1_700_000_100,
      properties: { first_name: "kept", nested_key: { inner_key: 1 } },
    },
    org_id_to_org_member_info: {
      o1: {
        org_id: "o1",
        org_name: "Acme",
        url_safe_org_name: "acme",
        org_metadata: { billing_plan: "pro" },
        user_role: "Admin",
        inherited_user_roles_plus_current_role: ["Admin", "Member"],
        user_permissions: ["read", "write"],
        org_role_structure: "single_role_in_hierarchy",
        additional_roles: [],
      },
    },
    ...overrides,
  };
}
