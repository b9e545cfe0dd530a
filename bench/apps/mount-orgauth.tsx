// The first-mount page of `npm run bench` (bench/first-mount.ts), written with orgauth: a provider and one
// component that shows the auth status; it records when the bundle ran and when "logged in" first rendered.
import { useEffect, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { AuthProvider, useAuthInfo } from "orgauth/react";
import { markBundleEnd, markLoggedIn } from "./mount-marks.js";

function Status(): ReactNode {
  const auth = useAuthInfo();
  const loggedIn = auth.status === "logged_in";
  useEffect(() => {
    if (loggedIn) markLoggedIn();
  }, [loggedIn]);
  return <p>{loggedIn ? "logged in" : auth.status}</p>;
}

createRoot(document.getElementById("root")!).render(
  <AuthProvider authUrl={location.origin}>
    <Status />
  </AuthProvider>,
);
markBundleEnd();
