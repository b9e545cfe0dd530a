import type { ReactNode } from "react";
import { SessionStatus } from "./session-status";

/** The home page: a server component with one client island that reads the session. */
export default function HomePage(): ReactNode {
  return (
    <main>
      <h1>orgauth on Next.js</h1>
      <SessionStatus />
    </main>
  );
}
