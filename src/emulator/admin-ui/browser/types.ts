/** The admin API's answers as the admin UI reads them. */

/** A user of `GET /__emulator/users`. */
export interface AdminUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  emailConfirmed: boolean;
  hasPassword: boolean;
  mfaEnabled: boolean;
  enabled: boolean;
  locked: boolean;
  orgs: { id: string; name: string; role: string }[];
}

/** An org of `GET /__emulator/orgs`. */
export interface AdminOrg {
  id: string;
  name: string;
  domain: string | null;
  roleStructure: string;
  members: { userId: string; email: string; role: string; additionalRoles: string[] }[];
  invitations: { email: string; role: string; expiresAt: string; expired: boolean }[];
  /** The custom role mapping the org is subscribed to, and its role names (the project's otherwise). */
  roleMapping: string | null;
  roles: string[];
  additionalRoles: string[];
}

/** `GET /__emulator/orgs`: the orgs and the role names. */
export interface AdminOrgs {
  orgs: AdminOrg[];
  roles: string[];
  additionalRoles: string[];
}

/** A session of `GET /__emulator/users/{id}/sessions`. */
export interface AdminSession {
  id: string;
  expiresAt: string;
  loginMethod: { login_method: string; provider?: string; org_id?: string } | null;
  serverSessions: number;
}

/** An API key of `GET /__emulator/api_keys`. */
export interface AdminApiKey {
  id: string;
  displayName: string | null;
  expiresAt: string | null;
  expired: boolean;
  createdAt: string;
}

/** An e-mail of `GET /__emulator/outbox`. */
export interface OutboxMessage {
  to: string;
  kind: string;
  subject: string;
  link: string;
  sentAt: string;
}

/** A request of `GET /__emulator/requests`. */
export interface LoggedRequest {
  id: number;
  method: string;
  path: string;
  status: number;
  ms: number;
}
