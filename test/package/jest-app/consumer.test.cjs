// An app's own test under jest 29 + jest-environment-jsdom (jsdom 20), requiring the installed package as
// CommonJS, in a development build (NODE_ENV "test"): the client, the provider and the testing kit.
const { act, createElement: h } = require("react");
const { createRoot } = require("react-dom/client");
const { createAuthClient } = require("orgauth");
const { AuthProvider, useAuthInfo } = require("orgauth/react");
const { createStaticAuthClient, makeAuthInfo, makeUser } = require("orgauth/testing");
const { StaticAuthProvider } = require("orgauth/testing/react");

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

function render(element) {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(element));
  return { container, unmount: () => act(() => root.unmount()) };
}

function Greeting() {
  const auth = useAuthInfo();
  return h("p", null, auth.isLoggedIn ? `Hello ${auth.user.email}` : "Loading");
}

const authInfo = makeAuthInfo({ user: makeUser({ email: "ada@acme.example" }) });

test("the environment is jsdom 20, without URL.canParse", () => {
  expect(navigator.userAgent).toMatch(/jsdom\/20\./);
  expect("canParse" in URL).toBe(false);
});

test("createAuthClient creates a client on the page", () => {
  const client = createAuthClient({ authUrl: "https://auth.example.com" });
  expect(client.getSnapshot()).toEqual({ status: "loading" });
  client.destroy();
});

test("AuthProvider creates its client from an auth URL and renders", () => {
  const { container, unmount } = render(h(AuthProvider, { authUrl: "https://auth.example.com" }, h(Greeting)));
  expect(container.textContent).toBe("Loading");
  unmount();
});

test("AuthProvider on the testing kit's static client", () => {
  const { container, unmount } = render(h(AuthProvider, { client: createStaticAuthClient({ authInfo }) }, h(Greeting)));
  expect(container.textContent).toBe("Hello ada@acme.example");
  unmount();
});

test("StaticAuthProvider from orgauth/testing/react", () => {
  const { container, unmount } = render(h(StaticAuthProvider, { authInfo }, h(Greeting)));
  expect(container.textContent).toBe("Hello ada@acme.example");
  unmount();
});
