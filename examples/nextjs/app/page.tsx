import { orgauth } from "../lib/orgauth";
import type { ReactNode } from "react";
import { SessionStatus } from "./session-status";

/** The home page: the server knows the visitor; a client island shows the same session with a sign-in/out button. */
export default async function HomePage(): Promise<ReactNode> {
  const user = await orgauth.getUser();
  return (
    <main>
      <h1>orgauth on Next.js</h1>
      <p data-testid="server-session">
        {user ? `The server knows you as ${user.email}.` : "The server sees no session."}
      </p>
      <SessionStatus />
    </main>
  );
}
