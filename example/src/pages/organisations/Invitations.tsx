/** Inviting people to the active org, and its pending and expired invitations (revocable). */
import { useState, type FormEvent } from "react";
import { useInviteUser, useListExpiredInvites, useListPendingInvites, useRevokeUserInvitation } from "orgauth/react";
import type { components } from "orgauth";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { invalidIf } from "../../components/error-text.js";
import { formatSeconds } from "../../components/labels.js";
import { Card, Pager, Roles, Success } from "../../components/ui.js";
import { parseRoles } from "./Members.js";
import type { OrgAccess } from "./OrganisationsPage.js";

type Invite = components["schemas"]["Invite"];

/** Roles offered when inviting (the contract has no call that lists an org's roles); Owner only to owners. */
const ROLES = ["Owner", "Admin", "Member"];
const ADDITIONAL_ROLES = ["Billing", "Support"];

/** The invite form. */
export function InviteCard({ access }: { access: OrgAccess }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState("Member");
  const [additional, setAdditional] = useState<string[]>([]);
  const [extra, setExtra] = useState("");
  const invite = useInviteUser();
  const multiRole = access.org.orgRoleStructure === "multi_role";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // only a multi-role org gives a member roles beside the main one
    const additionalRoles = multiRole ? [...additional, ...parseRoles(extra)] : [];
    invite.mutate(
      { body: { org_id: access.org.orgId, email, role, additional_roles: additionalRoles } },
      { onSuccess: () => setEmail("") },
    );
  };
  const toggle = (name: string, on: boolean) =>
    setAdditional(on ? [...additional, name] : additional.filter((candidate) => candidate !== name));
  return (
    <Card title="Invite someone">
      <form onSubmit={submit}>
        <div className="grid">
          <label>
            Email
            <input
              type="email"
              autoComplete="off"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="someone@acme.example"
              {...invalidIf(invite.error, "email", "invite-error")}
            />
          </label>
          <label>
            Role
            <select aria-label="Invite role" value={role} onChange={(event) => setRole(event.target.value)}>
              {ROLES.filter((candidate) => candidate !== "Owner" || access.isOwner).map((candidate) => (
                <option key={candidate}>{candidate}</option>
              ))}
            </select>
          </label>
        </div>
        {multiRole && (
          <fieldset>
            <legend>Additional roles</legend>
            <div className="actions">
              {ADDITIONAL_ROLES.map((name) => (
                <label className="check" key={name}>
                  <input
                    type="checkbox"
                    checked={additional.includes(name)}
                    onChange={(event) => toggle(name, event.target.checked)}
                  />
                  {name}
                </label>
              ))}
              <input
                aria-label="Other additional roles"
                value={extra}
                onChange={(event) => setExtra(event.target.value)}
                placeholder="Other, comma separated"
              />
            </div>
          </fieldset>
        )}
        <div className="actions">
          <button type="submit" disabled={invite.isPending}>
            Send invitation
          </button>
        </div>
        <ErrorMessage error={invite.error} id="invite-error" />
        {invite.isSuccess && <Success>Invitation sent to {invite.variables.body.email}.</Success>}
      </form>
    </Card>
  );
}

/** Pending and expired invitations. */
export function InvitationsCard({ access }: { access: OrgAccess }) {
  return (
    <div className="grid">
      <InviteList access={access} kind="pending" />
      <InviteList access={access} kind="expired" />
    </div>
  );
}

function InviteList({ access, kind }: { access: OrgAccess; kind: "pending" | "expired" }) {
  const orgId = access.org.orgId;
  const [page, setPage] = useState(0);
  const request = { path: { orgId }, query: { page_number: page, page_size: 5 } };
  const pending = useListPendingInvites(request, { enabled: kind === "pending" });
  const expired = useListExpiredInvites(request, { enabled: kind === "expired" });
  const revoke = useRevokeUserInvitation();
  const list = kind === "pending" ? pending : expired;
  const invites: Invite[] =
    kind === "pending" ? (pending.data?.pending_invites ?? []) : (expired.data?.expired_invites ?? []);
  const title = kind === "pending" ? "Pending invitations" : "Expired invitations";
  return (
    <Card title={title}>
      {list.isPending && <p>Loading…</p>}
      <ErrorMessage error={list.error ?? revoke.error} />
      {revoke.isSuccess && <Success>Invitation for {revoke.variables.body.email} revoked.</Success>}
      {list.data && (
        <>
          {invites.length === 0 ? (
            <p className="muted">None.</p>
          ) : (
            <table>
              <tbody>
                {invites.map((invite) => (
                  <tr key={invite.email} aria-label={invite.email}>
                    <td>
                      {invite.email}
                      <div className="muted small">
                        {kind === "pending" ? "expires" : "expired"} {formatSeconds(invite.expires_at_seconds)}
                      </div>
                    </td>
                    <td>
                      <Roles roles={[invite.role, ...invite.additional_roles]} />
                    </td>
                    <td>
                      {access.canInvite && (
                        <button
                          type="button"
                          className="secondary"
                          disabled={revoke.isPending}
                          onClick={() => revoke.mutate({ body: { org_id: orgId, email: invite.email } })}
                        >
                          Revoke
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager
            label={title}
            page={page}
            hasMore={list.data.has_more_results}
            total={list.data.total_count}
            onPage={setPage}
          />
        </>
      )}
    </Card>
  );
}
