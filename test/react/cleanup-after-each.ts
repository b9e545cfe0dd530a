import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { destroyTestClients } from "./support.js";

// Setup file of the React projects: vitest runs without globals, so Testing Library cannot register its own cleanup,
// and a module's top-level hook registers once per worker when the files share it (`isolate: false`); a setup file
// runs before every file. After each test: unmount what it rendered, end the clients it made, forget what it stored.
afterEach(() => {
  cleanup();
  destroyTestClients();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState({}, "", "/");
});
