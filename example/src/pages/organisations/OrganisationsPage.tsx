/**
 * Organisations: switcher (active org persisted by the library), then one section at a time — members (and
 * inviting), invitations, settings (SSO, delete), joining or creating one — so a phone shows one screenful, not
 * every card. Controls are hidden or disabled with `isAtLeastRole` / `hasPermission`.
 */
import { useState } from "react";
import { getOrgs, hasPermission, isAtLeastRole, type AuthInfo, type OrgMembership } from "orgauth";
import { permissionLabel, roleLabel } from "../../components/labels.js";
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

/** The sections of the screen, one shown at a time. */
const SECTIONS = ["Members", "Invitations", "Settings", "Join or create"] as const;
/** One section of the Organisations screen. */
export type Section = (typeof SECTIONS)[number];

/** The Organisations screen for the logged-in user, opened at `initialSection` (default: the members). */
export function OrganisationsPage(props: {
  authInfo: AuthInfo;
  activeOrg: OrgMembership | undefined;
  onSelectOrg: (orgId: string) => void;
  initialSection?: Section;
}) {
  const orgs = getOrgs(props.authInfo);
  const access = props.activeOrg ? accessFor(props.authInfo, props.activeOrg) : undefined;
  const [chosen, setSection] = useState<Section>(props.initialSection ?? "Members");
  // without an active org only joining or creating one makes sense
  const section: Section = access ? chosen : "Join or create";
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
                  {org.orgName} ({roleLabel(org)})
                </option>
              ))}
            </select>
          </label>
          {access && (
            <p className="muted small">
              Your role: {roleLabel(access.org)} · you may{" "}
              {access.org.userPermissions.map(permissionLabel).join(", ") || "view it only"} · the choice is remembered
              across reloads and tabs.
            </p>
          )}
        </section>
      )}
      {orgs.length === 0 && <p className="muted">You are not in any organisation yet: join one or create one below.</p>}
      {access && (
        <div className="tabs" role="tablist" aria-label="Organisation sections">
          {SECTIONS.map((candidate) => (
            <button
              key={candidate}
              type="button"
              role="tab"
              aria-selected={section === candidate}
              onClick={() => setSection(candidate)}
            >
              {candidate}
            </button>
          ))}
        </div>
      )}
      {/* keyed by org, so a switch starts each card afresh (no half-done delete or save, no search of the other org) */}
      {access && section === "Members" && (
        <>
          <MembersCard key={`members-${access.org.orgId}`} access={access} />
          {access.canInvite ? (
            <InviteCard access={access} />
          ) : (
            <p className="muted">Your role may not invite people to {access.org.orgName}.</p>
          )}
        </>
      )}
      {access && section === "Invitations" && <InvitationsCard access={access} />}
      {access && section === "Settings" && <OrgSettingsCard key={`settings-${access.org.orgId}`} access={access} />}
      {section === "Join or create" && (
        <div className="grid">
          <JoinableOrgsCard />
          <CreateOrgCard canCreate={props.authInfo.user.canCreateOrgs} onCreated={props.onSelectOrg} />
        </div>
      )}
    </>
  );
}
