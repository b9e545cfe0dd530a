/** The demo app: header with the user and org, the routed screens, the scenario toolbar. */
import type { ReactNode } from "react";
import type { AuthInfo, OrgMembership } from "orgauth";
import { RequireAuth, useActiveOrg, useAuthInfo, useLogoutFunction } from "orgauth/react";
import { Link, navigate, useLocation } from "./router.js";
import { ScenarioToolbar } from "./scenarios/ScenarioToolbar.js";
import { AccountPage } from "./pages/AccountPage.js";
import { ApiKeysPage } from "./pages/ApiKeysPage.js";
import { HomePage } from "./pages/HomePage.js";
import {
  IdentityProviderStandIn,
  NotFound,
  ReturnAddressBanner,
  SamlSetupStandIn,
  SocialLoginStandIn,
} from "./pages/HostedStandIns.js";
import { OrganisationsPage } from "./pages/organisations/OrganisationsPage.js";
import { SignInPage } from "./pages/signin/SignInPage.js";

const NAV = [
  { href: "/", label: "Overview" },
  { href: "/account", label: "Account" },
  { href: "/org", label: "Organisations" },
  { href: "/api_keys", label: "API keys" },
];

/** The whole app. */
export function App() {
  const { pathname, search } = useLocation();
  return (
    <>
      <Header pathname={pathname} />
      <main>
        <Route pathname={pathname} search={search} />
      </main>
      <ScenarioToolbar />
    </>
  );
}

function Route({ pathname, search }: { pathname: string; search: URLSearchParams }) {
  if (pathname === "/login") return <SignInPage search={search} initialTab="password" />;
  if (pathname === "/signup") return <SignInPage search={search} initialTab="signup" />;
  if (pathname === "/saml") return <SamlSetupStandIn search={search} />;
  if (pathname === "/idp") return <IdentityProviderStandIn search={search} />;
  const social = /^\/([a-z]+)\/login$/.exec(pathname);
  if (social?.[1]) return <SocialLoginStandIn provider={social[1]} />;
  if (pathname === "/")
    return <Protected>{(info) => <HomePage authInfo={info.authInfo} activeOrg={info.activeOrg} />}</Protected>;
  // /account and /create_org are also the provider's hosted account and create-org pages (with `rt`)
  if (pathname === "/account") {
    return (
      <Protected>
        {(info) => (
          <>
            <ReturnAddressBanner search={search} />
            {/* keyed by user: when the session becomes another user (a scenario), the forms start from their data */}
            <AccountPage
              key={info.authInfo.user.userId}
              user={info.authInfo.user}
              onDeleted={() => navigate("/login")}
            />
          </>
        )}
      </Protected>
    );
  }
  if (pathname === "/org" || pathname === "/create_org") {
    return (
      <Protected>
        {(info) => (
          <>
            <ReturnAddressBanner search={search} />
            {/* the hosted create-org page opens at joining or creating one */}
            <OrganisationsPage
              key={pathname}
              authInfo={info.authInfo}
              activeOrg={info.activeOrg}
              onSelectOrg={info.setActiveOrg}
              initialSection={pathname === "/create_org" ? "Join or create" : "Members"}
            />
          </>
        )}
      </Protected>
    );
  }
  if (pathname === "/api_keys")
    return <Protected>{(info) => <ApiKeysPage authInfo={info.authInfo} activeOrg={info.activeOrg} />}</Protected>;
  return <NotFound />;
}

interface ProtectedInfo {
  authInfo: AuthInfo;
  activeOrg: OrgMembership | undefined;
  setActiveOrg: (orgId: string) => void;
}

/**
 * A protected screen: `RequireAuth` sends a logged-out visitor to the hosted login page with the current
 * address as `rt` (in the demo, the app's own /login).
 */
function Protected({ children }: { children: (info: ProtectedInfo) => ReactNode }) {
  return (
    <RequireAuth
      loadingFallback={<p className="muted">Checking your session…</p>}
      unreachableFallback={<p role="alert">Can't reach sign-in right now. Retrying…</p>}
    >
      <ProtectedContent>{children}</ProtectedContent>
    </RequireAuth>
  );
}

function ProtectedContent({ children }: { children: (info: ProtectedInfo) => ReactNode }) {
  const info = useAuthInfo();
  const { activeOrg, setActiveOrg } = useActiveOrg(); // the library picks it: the last selection, else the first org
  if (!info.isLoggedIn) return null;
  return children({ authInfo: info.authInfo, activeOrg: activeOrg ?? undefined, setActiveOrg });
}

function Header({ pathname }: { pathname: string }) {
  const info = useAuthInfo();
  const logout = useLogoutFunction();
  const { activeOrg } = useActiveOrg();
  const signOut = async () => {
    await logout();
    navigate("/login");
  };
  return (
    <>
      <header className="topbar">
        <Link className="brand" href="/">
          orgauth demo
        </Link>
        {/* the app's screens are for a signed-in user: a visitor gets no menu of pages that would send them to sign in */}
        {info.status === "logged_in" && (
          <nav aria-label="Main">
            {NAV.map((item) => (
              <Link key={item.href} href={item.href} aria-current={pathname === item.href ? "page" : undefined}>
                {item.label}
              </Link>
            ))}
          </nav>
        )}
        <section className="who" aria-label="Session">
          {info.status === "loading" && <span className="muted">…</span>}
          {info.status === "unreachable" && <span className="muted">Sign-in unreachable</span>}
          {info.status === "logged_out" && (
            <>
              <span className="muted">Signed out</span>
              <Link href="/login">Sign in</Link>
            </>
          )}
          {info.status === "logged_in" && (
            <>
              <span className="avatar" aria-hidden>
                {(info.user.firstName ?? info.user.email)[0]?.toUpperCase()}
              </span>
              <span className="who-name">
                {info.user.firstName ? `${info.user.firstName} ${info.user.lastName ?? ""}`.trim() : info.user.email}
                {activeOrg && <span className="muted"> · {activeOrg.orgName}</span>}
              </span>
              <button type="button" className="secondary" onClick={() => void signOut()}>
                Sign out
              </button>
            </>
          )}
        </section>
      </header>
      {info.status === "logged_in" && info.isImpersonating && (
        <div className="banner" role="status">
          Support user <code>{info.impersonatorUserId}</code> is signed in as you (impersonation).
        </div>
      )}
    </>
  );
}
