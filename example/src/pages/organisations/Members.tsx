/** Members of the active org: search by email, pages, change role, remove. */
import { useState, type FormEvent } from "react";
import { useChangeRole, useListOrgMembers, usePagedSearch, useRemoveUser } from "orgauth/react";
import type { components } from "orgauth";
import { ErrorMessage } from "../../components/ErrorMessage.js";
import { Card, Pager, Roles, Success } from "../../components/ui.js";
import type { OrgAccess } from "./OrganisationsPage.js";

type OrgMember = components["schemas"]["OrgMember"];

const PAGE_SIZE = 10;

/** Parses "Billing, Support" into ["Billing", "Support"]. */
export function parseRoles(text: string): string[] {
  return text
    .split(",")
    .map((role) => role.trim())
    .filter((role) => role !== "");
}

/** The members card (the organisations page keys it by org, so another org starts with an empty search). */
export function MembersCard({ access }: { access: OrgAccess }) {
  const orgId = access.org.orgId;
  const paged = usePagedSearch({ pageSize: PAGE_SIZE });
  const search = paged.debouncedSearch;
  const members = useListOrgMembers({ path: { orgId }, query: { ...paged.pageQuery, email_search: search } });
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    paged.applySearch();
  };
  return (
    <Card title="Members">
      {/* biome-ignore lint/a11y/useSemanticElements: a form with role="search" is the ARIA search landmark; wrapping it in <search> would add an element for the same meaning */}
      <form className="inline" role="search" onSubmit={submitSearch}>
        <label>
          Search by email
          <input
            type="search"
            value={paged.search}
            onChange={(event) => paged.setSearch(event.target.value)}
            placeholder="grace@"
          />
        </label>
        <button type="submit" className="secondary">
          Search
        </button>
        {search && <span className="muted">Showing matches for “{search}”</span>}
      </form>
      {members.isPending && <p>Loading members…</p>}
      <ErrorMessage error={members.error} />
      {members.data && (
        <>
          {members.data.users.length === 0 ? (
            <p className="muted">No members{search ? ` match “${search}”` : ""}.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>Email</th>
                  <th>Roles</th>
                  <th>2FA</th>
                  <th>{access.canManageMembers ? "Manage" : ""}</th>
                </tr>
              </thead>
              <tbody>
                {members.data.users.map((member) => (
                  <MemberRow
                    key={member.user_id}
                    orgId={orgId}
                    member={member}
                    canManage={access.canManageMembers}
                    multiRole={access.org.orgRoleStructure === "multi_role"}
                  />
                ))}
              </tbody>
            </table>
          )}
          <Pager
            label="Members"
            page={paged.page}
            hasMore={members.data.has_more_results}
            total={members.data.total_count}
            onPage={paged.setPage}
          />
        </>
      )}
    </Card>
  );
}

/** One member; `multiRole`: the org gives members roles beside the main one (only then are they offered). */
function MemberRow(props: { orgId: string; member: OrgMember; canManage: boolean; multiRole: boolean }) {
  const { orgId, member, canManage, multiRole } = props;
  const [editing, setEditing] = useState(false);
  const [role, setRole] = useState(member.role);
  const [additional, setAdditional] = useState(member.additional_roles.join(", "));
  const changeRole = useChangeRole({ onSuccess: () => setEditing(false) });
  const remove = useRemoveUser();
  const save = (event: FormEvent) => {
    event.preventDefault();
    changeRole.mutate({
      body: { org_id: orgId, user_id: member.user_id, role, additional_roles: multiRole ? parseRoles(additional) : [] },
    });
  };
  return (
    <tr aria-label={member.email}>
      <td>
        {member.email}
        {!member.is_enabled && <span className="muted"> (disabled)</span>}
      </td>
      <td data-label="Roles">
        <Roles roles={[member.role, ...member.additional_roles]} />
      </td>
      <td data-label="2FA">{member.is_2fa_enabled ? "on" : "off"}</td>
      <td>
        {canManage && !editing && (
          <div className="actions">
            <button type="button" className="secondary" onClick={() => setEditing(true)}>
              Change role
            </button>
            {member.can_be_deleted && (
              <button
                type="button"
                className="danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ body: { org_id: orgId, user_id: member.user_id } })}
              >
                Remove
              </button>
            )}
          </div>
        )}
        {canManage && editing && (
          <form className="inline" onSubmit={save} aria-label={`Change role of ${member.email}`}>
            <select aria-label="Role" value={role} onChange={(event) => setRole(event.target.value)}>
              {member.possible_roles.map((candidate) => (
                <option key={candidate}>{candidate}</option>
              ))}
            </select>
            {multiRole && (
              <input
                aria-label="Additional roles"
                value={additional}
                onChange={(event) => setAdditional(event.target.value)}
                placeholder="Billing, Support"
              />
            )}
            <button type="submit" disabled={changeRole.isPending}>
              Save role
            </button>
            <button type="button" className="secondary" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </form>
        )}
        <ErrorMessage error={changeRole.error ?? remove.error} />
        {changeRole.isSuccess && <Success>Role changed.</Success>}
        {remove.isSuccess && <Success>{member.email} was removed.</Success>}
      </td>
    </tr>
  );
}
