/**
 * Organisations: switcher (active org persisted by the library), settings, members, invitations, joinable
 * orgs, create and delete. Controls are hidden or disabled with `isAtLeastRole` / `hasPermission`.
 */
import { getOrgs, hasPermission, isAtLeastRole, type AuthInfo, type OrgMembership } from "orgauth";
import { CreateOrgCard, JoinableOrgsCard } from "./JoinOrCreate.js";
import { InvitationsCard, InviteCard } from "./Invitations.js";
import { MembersCard } from "./Members.js";
import { OrgSettingsCard } from "./OrgSettings.js";

/** What each screen may show for the active org, from the user's role and permissions in it. */
export interface OrgAccess {
  org: OrgMembership;
  canInvite: boolean;
  canManageMembers: boolean;
  /** Owners only: deleting the org, and inviting someone as an Owner. */
  isOwner: boolean;
}

function accessFor(authInfo: AuthInfo, org: OrgMembership): OrgAccess {
  return {
    org,
    canInvite: hasPermission(authInfo, org.orgId, "can_invite"),
    canManageMembers: isAtLeastRole(authInfo, org.orgId, "Admin"),
    // the contract's roles are Owner > Admin > Member, and only an owner may delete an org (delete_org's 403)
    isOwner: isAtLeastRole(authInfo, org.orgId, "Owner"),
  };
}

/** The Organisations screen for the logged-in user. */
export function OrganisationsPage(props: {
  authInfo: AuthInfo;
  activeOrg: OrgMembership | undefined;
  onSelectOrg: (orgId: string) => void;
}) {
  const orgs = getOrgs(props.authInfo);
  const access = props.activeOrg ? accessFor(props.authInfo, props.activeOrg) : undefined;
  return (
    <>
      <h1>Organisations</h1>
      {orgs.length > 0 && (
        <section className="card" aria-label="Organisation switcher">
          <label>
            Active organisation
            <select
              aria-label="Active organisation"
              value={props.activeOrg?.orgId ?? ""}
              onChange={(event) => props.onSelectOrg(event.target.value)}
            >
              {!props.activeOrg && <option value="">Choose…</option>}
              {orgs.map((org) => (
                <option key={org.orgId} value={org.orgId}>
                  {org.orgName} ({org.userAssignedRole})
                </option>
              ))}
            </select>
          </label>
          {access && (
            <p className="muted small">
              Your role: {access.org.userAssignedRole}
              {access.org.userAssignedAdditionalRoles.length > 0 &&
                ` + ${access.org.userAssignedAdditionalRoles.join(", ")}`}{" "}
              · permissions: {access.org.userPermissions.join(", ") || "none"} · the choice is remembered across reloads
              and tabs.
            </p>
          )}
        </section>
      )}
      {orgs.length === 0 && <p className="muted">You are not in any organisation yet: join one or create one below.</p>}
      {access && (
        <>
          {/* keyed by org, so a switch starts each card afresh (no half-done delete or save, no search of the other org) */}
          <OrgSettingsCard key={`settings-${access.org.orgId}`} access={access} />
          <MembersCard key={`members-${access.org.orgId}`} access={access} />
          {access.canInvite ? (
            <InviteCard access={access} />
          ) : (
            <p className="muted">Your role may not invite people to {access.org.orgName}.</p>
          )}
          <InvitationsCard access={access} />
        </>
      )}
      <div className="grid">
        <JoinableOrgsCard />
        <CreateOrgCard canCreate={props.authInfo.user.canCreateOrgs} onCreated={props.onSelectOrg} />
      </div>
    </>
  );
}
