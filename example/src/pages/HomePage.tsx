/** The overview: who is signed in, their organisations, and where to go next. */
import { getOrgs, type AuthInfo, type OrgMembership } from "orgauth";
import { Link } from "../router.js";
import { Card, formatSeconds, Roles } from "../components/ui.js";

/** The overview screen. */
export function HomePage({ authInfo, activeOrg }: { authInfo: AuthInfo; activeOrg: OrgMembership | undefined }) {
  const { user } = authInfo;
  return (
    <>
      <h1>Welcome, {user.firstName ?? user.email}</h1>
      <div className="grid">
        <Card title="You">
          <p>
            {user.email}{" "}
            {user.emailConfirmed ? <span className="pill">confirmed</span> : <span className="pill">unconfirmed</span>}
            {user.hasMfaEnabled && <span className="pill">MFA</span>}
          </p>
          <p className="muted small">
            User id <code>{user.userId}</code> · last active {formatSeconds(user.lastActiveAt)} · access token valid
            until {new Date(authInfo.expiresAtSeconds * 1000).toISOString().slice(0, 10)}
          </p>
          <Link href="/account">Manage your account</Link>
        </Card>
        <Card title="Your organisations">
          {getOrgs(authInfo).length === 0 ? (
            <p className="muted">None yet.</p>
          ) : (
            <ul>
              {getOrgs(authInfo).map((org) => (
                <li key={org.orgId}>
                  {org.orgName} <Roles roles={[org.userAssignedRole, ...org.userAssignedAdditionalRoles]} />
                  {org.orgId === activeOrg?.orgId && <span className="muted small"> (active)</span>}
                </li>
              ))}
            </ul>
          )}
          <Link href="/org">Manage organisations</Link>
        </Card>
      </div>
      <p className="muted">
        Everything on these pages comes from the Prism mock of <code>openapi/auth-api.yaml</code>, through the orgauth
        hooks. Pick a scenario in the toolbar at the bottom to see other documented answers.
      </p>
    </>
  );
}
