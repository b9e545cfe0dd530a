import type { Metadata } from "next";
import type { ReactNode } from "react";
import { orgauth } from "../lib/orgauth";
import { Providers } from "./providers";

// The session is read per request (cookies); `clientProps` hands the browser half the user, the auth URL and the
// auth routes' folder from the one configuration (lib/orgauth.ts).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "orgauth on Next.js", icons: "data:," };

/** The root layout (a server component): reads the user once and hands it to the client providers. */
export default async function RootLayout({ children }: { children: ReactNode }): Promise<ReactNode> {
  const user = await orgauth.getUser();
  return (
    <html lang="en">
      <body>
        <nav>
          <a href="/">Home</a> · <a href="/app/dashboard">Dashboard</a> · <a href="/app/admin">Admin</a> ·{" "}
          <a href="/app/members">Members</a> · <a href="/app/team">Team</a>
        </nav>
        <Providers session={orgauth.clientProps(user)}>{children}</Providers>
      </body>
    </html>
  );
}
