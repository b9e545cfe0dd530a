/**
 * The signed-in user as the server hands it to the browser half: plain data (a server component may pass only
 * serialisable props to a client component), built from the verified access token's claims. The server half
 * builds it (`toClientUser`); the client half's `AuthProvider` starts from it.
 */
import type { OrgMembership } from "../session/types.js";

/** The user the server read from the access token, as plain data for `<AuthProvider user>`. */
export interface ClientUser {
  userId: string;
  email: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  /** The user's properties, when the project puts them in tokens (else empty). */
  properties: Record<string, unknown>;
  /** Set while an admin impersonates the user. */
  impersonatorUserId?: string;
  /** The active org the server session holds (the `__pa_org_id` cookie's org while the user is a member of it). */
  activeOrgId?: string;
  /** The memberships the access token carries (only the active org's for an org token), by org id. */
  orgIdToOrgMembership: Record<string, OrgMembership>;
  /** The access token the page was rendered with (the browser half hands it to `getAccessToken`). */
  accessToken: string;
  /** When the access token expires, Unix seconds. */
  expiresAtSeconds: number;
}

/**
 * What the server half hands `<AuthProvider>` (`orgauth.clientProps(user)`; spread it into the provider's props):
 * the user, the auth URL and the auth routes' folder, all from the server's one configuration, so the browser half
 * calls the routes where they are (`basePath`) and the two halves cannot disagree.
 */
export interface ClientSessionProps {
  user: ClientUser | null;
  /** The auth URL's origin (the hosted pages and the front-end API). */
  authUrl: string;
  /** The auth routes' folder (`basePath`: `/auth`, or the redirect URI's folder). */
  authRoutes: string;
}
