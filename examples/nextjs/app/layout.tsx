import type { ReactNode } from "react";
import { authUrl } from "../lib/server-auth";
import { Providers } from "./providers";

// AUTH_URL is read per request, so one build runs against the emulator, a staging and a production auth URL.
export const dynamic = "force-dynamic";

/** The root layout (a server component): the client providers wrap every page. */
export default function RootLayout({ children }: { children: ReactNode }): ReactNode {
  return (
    <html lang="en">
      <body>
        <nav>
          <a href="/">Home</a> · <a href="/dashboard">Dashboard</a> · <a href="/members">Members</a>
        </nav>
        <Providers authUrl={authUrl()}>{children}</Providers>
      </body>
    </html>
  );
}
