import { createRoot } from "react-dom/client";
import { createAuthClient } from "orgauth";

const client = createAuthClient({ authUrl: window.location.origin });
function App() {
  return <h1>orgauth demo</h1>;
}
createRoot(document.getElementById("root")!).render(<App />);
client.start();
