/** The admin UI's panels for a user's sessions and for the API keys of a user or an org. */
import { act, api, seg } from "./api.js";
import { appendAll, badge, field, formOf, h, refill } from "./dom.js";
import type { AdminApiKey, AdminSession } from "./types.js";

/** How a session logged in, in words. */
function loginMethodText(session: AdminSession): string {
  const method = session.loginMethod;
  if (!method) return "unknown login";
  const name = method.login_method.replaceAll("_", " ");
  return method.provider ? `${name} (${method.provider})` : name;
}

/** Fills `into` with a user's live sessions, each revocable, and a button that revokes them all. */
export async function sessionsPanel(into: HTMLElement, userId: string, email: string): Promise<void> {
  const base = `/users/${seg(userId)}/sessions`;
  const { sessions } = await api<{ sessions: AdminSession[] }>("GET", base);
  const redraw = () => refill(into.parentElement ?? into, (next) => sessionsPanel(next, userId, email));
  const revoke = (label: string, path: string) => act(label, () => api("DELETE", path), redraw);
  appendAll(into, [
    h("p", { className: "muted" }, sessions.length === 0 ? "No live sessions." : `${sessions.length} live`),
    h(
      "ul",
      { className: "rows", "aria-label": `Sessions of ${email}` },
      sessions.map((session) =>
        h(
          "li",
          {},
          h(
            "span",
            { className: "grow" },
            loginMethodText(session),
            " · until ",
            new Date(session.expiresAt).toLocaleString(),
            session.serverSessions ? ` · ${session.serverSessions} server session(s)` : "",
          ),
          h(
            "button",
            { type: "button", onclick: () => revoke(`Ended a session of ${email}`, `${base}/${seg(session.id)}`) },
            "Revoke",
          ),
        ),
      ),
    ),
    sessions.length > 1
      ? h(
          "button",
          { type: "button", onclick: () => revoke(`Ended every session of ${email}`, base) },
          "Revoke all sessions",
        )
      : null,
  ]);
}

const EXPIRATIONS = ["Never", "TwoWeeks", "OneMonth", "ThreeMonths", "SixMonths", "OneYear"];

/** Fills `into` with the API keys of a user or an org: revoke each, create one (its token shown once). */
export async function apiKeysPanel(
  into: HTMLElement,
  owner: { userId: string } | { orgId: string },
  label: string,
): Promise<void> {
  const query = "userId" in owner ? `userId=${seg(owner.userId)}` : `orgId=${seg(owner.orgId)}`;
  const { apiKeys } = await api<{ apiKeys: AdminApiKey[] }>("GET", `/api_keys?${query}`);
  const redraw = () => refill(into.parentElement ?? into, (next) => apiKeysPanel(next, owner, label));
  const create = formOf(
    "inline",
    [
      field("displayName", "Key name"),
      h(
        "label",
        {},
        "Expires",
        h(
          "select",
          { name: "expiration" },
          EXPIRATIONS.map((option) => h("option", { value: option }, option)),
        ),
      ),
    ],
    "Create API key",
    (values) => {
      let token = "";
      const create = async () => {
        token = (await api<{ apiKeyToken: string }>("POST", "/api_keys", { ...owner, ...values })).apiKeyToken;
      };
      void act(() => `Created an API key for ${label}. Its token, shown once: ${token}`, create, redraw);
    },
  );
  into.append(
    h("p", { className: "muted" }, apiKeys.length === 0 ? "No API keys." : `${apiKeys.length} API key(s)`),
    h(
      "ul",
      { className: "rows", "aria-label": `API keys of ${label}` },
      apiKeys.map((key) =>
        h(
          "li",
          {},
          h(
            "span",
            { className: "grow" },
            key.displayName ?? "(no name)",
            " ",
            h("span", { className: "mono muted" }, key.id),
          ),
          key.expired
            ? badge("expired", "bad")
            : badge(key.expiresAt ? `until ${new Date(key.expiresAt).toLocaleDateString()}` : "never expires", "ok"),
          h(
            "button",
            {
              type: "button",
              onclick: () =>
                act(`Revoked an API key of ${label}`, () => api("DELETE", `/api_keys/${seg(key.id)}`), redraw),
            },
            "Revoke",
          ),
        ),
      ),
    ),
    create,
  );
}
