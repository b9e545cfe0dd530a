/**
 * A React app behind the app-wide login gate (`<AuthProvider requireLogin>`), with a `<RequireAuth>` inside: the
 * page a user opens after the hosted login. Its auth URL is the page's `?auth=` parameter.
 */
import { createRoot } from "react-dom/client";
import { AuthProvider, RequireAuth } from "../../src/react.js";

const authUrl = new URLSearchParams(location.search).get("auth")!;

createRoot(document.getElementById("root")!).render(
  <AuthProvider authUrl={authUrl} requireLogin loadingFallback={<p>Loading…</p>}>
    <RequireAuth>{(auth) => <p id="signed-in">Signed in as {auth.user.email}</p>}</RequireAuth>
  </AuthProvider>,
);
