import type { ReactNode } from "react";
import { Dashboard } from "./dashboard";

/** The dashboard: a page only a signed-in visitor sees (the guard runs on the client). */
export default function DashboardPage(): ReactNode {
  return (
    <main>
      <h1>Dashboard</h1>
      <Dashboard />
    </main>
  );
}
