import type { Metadata } from "next";
import { toClientUser } from "orgauth/nextjs";
import type { ReactNode } from "react";
import { orgauth } from "../lib/orgauth";
import { authUrl } from "../lib/server-auth";
import { Providers } from "./providers";

// The session is read per request (cookies), and the auth URL from the server's environment.
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
        <Providers user={toClientUser(user)} authUrl={authUrl()}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
