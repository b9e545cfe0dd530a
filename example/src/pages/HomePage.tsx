/** The overview: who is signed in, their organisations, and where to go next. */
import { getOrgs, type AuthInfo, type OrgMembership } from "orgauth";
import { ON_EMULATOR } from "../backend.js";
import { formatDateTime, formatSeconds } from "../components/labels.js";
import { Card, Roles } from "../components/ui.js";
import { Link } from "../router.js";

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
            Last active {formatSeconds(user.lastActiveAt)} · access token valid until{" "}
            {formatDateTime(authInfo.expiresAtSeconds)} (renewed automatically)
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
        {ON_EMULATOR ? (
          <>
            Everything on these pages comes from the orgauth emulator (real state, kept until the demo stops), through
            Prism's check of <code>openapi/auth-api.yaml</code> and the orgauth hooks. The developer toolbar at the
            bottom can have the Prism mock answer chosen calls with the contract's documented errors and login steps.
          </>
        ) : (
          <>
            Everything on these pages comes from the Prism mock of <code>openapi/auth-api.yaml</code>, through the
            orgauth hooks. Pick a scenario in the developer toolbar at the bottom to see other documented answers.
          </>
        )}
      </p>
    </>
  );
}
