import type { EmulatorSettings } from "./settings.js";

/**
 * The settings as an org sees them: with the roles of the custom role mapping it is subscribed to (its
 * `roleMapping`) in place of the project's default roles; the settings themselves when it has none (or an unknown one).
 */
export function rolesFor(settings: EmulatorSettings, org: { roleMapping?: string | null }): EmulatorSettings {
  const mapping = org.roleMapping ? settings.roleMappings.find((m) => m.name === org.roleMapping) : undefined;
  return mapping ? { ...settings, roles: mapping.roles, additionalRoles: mapping.additionalRoles } : settings;
}

/** What a member may do in an org, worked out from the settings' role hierarchy. */
export interface RoleView {
  /** The assigned role and every role below it. */
  inherited: string[];
  permissions: string[];
}

/** The index of a role in the hierarchy (0 is highest), or -1 when it is unknown. */
export function rank(settings: EmulatorSettings, role: string): number {
  return settings.roles.findIndex((r) => r.name === role);
}

/** The inherited roles and the permissions of `role` plus `additional` roles. */
export function roleView(settings: EmulatorSettings, role: string, additional: string[]): RoleView {
  const at = Math.max(rank(settings, role), 0);
  const below = settings.roles.slice(at);
  const extra = settings.additionalRoles.filter((r) => additional.includes(r.name));
  const permissions = [...new Set([...below, ...extra].flatMap((r) => r.permissions))].sort();
  return { inherited: below.map((r) => r.name), permissions };
}

/** Whether a member with `role` and `additional` roles holds `permission`. */
export function can(settings: EmulatorSettings, role: string, additional: string[], permission: string): boolean {
  return roleView(settings, role, additional).permissions.includes(permission);
}

/** The roles a member with `role` may hand out: their own and every role below it. */
export function assignableRoles(settings: EmulatorSettings, role: string): string[] {
  const at = rank(settings, role);
  return at < 0 ? [] : settings.roles.slice(at).map((r) => r.name);
}
