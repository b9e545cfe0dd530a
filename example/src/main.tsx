import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AuthProvider } from "orgauth/react";
import { App } from "./App.js";
import { authClient } from "./auth-client.js";
import { queryClient } from "./query-client.js";
import { applyScenario } from "./scenarios/apply-scenario.js";
import { onScenarioChange } from "./scenarios/scenario-store.js";
import "./styles.css";

// A scenario chosen in the toolbar applies at once: the session and the queries are fetched again.
onScenarioChange((scenario) => void applyScenario(authClient, queryClient, scenario));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AuthProvider client={authClient} queryClient={queryClient}>
      <App />
    </AuthProvider>
  </StrictMode>,
);
