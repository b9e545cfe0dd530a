// The first-mount page of `npm run bench` (bench/first-mount.ts), written with the vendor's SDK: the same
// provider and status component as mount-orgauth.tsx.
import { useEffect, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { AuthProvider, useAuthInfo } from "@propelauth/react";
import { markBundleEnd, markLoggedIn } from "./mount-marks.js";

function Status(): ReactNode {
  const auth = useAuthInfo();
  const loggedIn = !auth.loading && auth.isLoggedIn;
  useEffect(() => {
    if (loggedIn) markLoggedIn();
  }, [loggedIn]);
  return <p>{loggedIn ? "logged in" : auth.loading ? "loading" : "logged out"}</p>;
}

createRoot(document.getElementById("root")!).render(
  <AuthProvider authUrl={location.origin}>
    <Status />
  </AuthProvider>,
);
markBundleEnd();
