/** The admin UI's Users tab: search, create, and per user the flags, profile, password, sessions and API keys. */
import { apiKeysPanel, sessionsPanel } from "./access.js";
import { act, api, seg } from "./api.js";
import { badge, checkbox, field, formOf, h, lazyDetails } from "./dom.js";
import { state } from "./state.js";
import type { AdminUser } from "./types.js";

/** The badges that say what is special about a user. */
const badgesOf = (user: AdminUser) =>
  h(
    "div",
    { className: "badges" },
    user.emailConfirmed ? null : badge("e-mail not confirmed", "warn"),
    user.enabled ? null : badge("disabled", "bad"),
    user.locked ? badge("locked", "bad") : null,
    user.mfaEnabled ? badge("MFA on", "ok") : null,
    user.hasPassword ? null : badge("no password"),
    user.orgs.map((org) => badge(`${org.name}: ${org.role}`)),
  );

/** The buttons of a user's card. */
function actionsOf(user: AdminUser, path: string) {
  const button = (label: string, done: string, run: () => Promise<unknown>) =>
    h("button", { type: "button", onclick: () => act(`${done} ${user.email}`, run) }, label);
  const remove = () => {
    if (confirm(`Delete ${user.email}? Their sessions, memberships and API keys go too.`))
      void act(`Deleted ${user.email}`, () => api("DELETE", path));
  };
  return h(
    "div",
    { className: "actions" },
    user.emailConfirmed ? null : button("Confirm e-mail", "Confirmed", () => api("POST", `${path}/confirm_email`)),
    button(user.enabled ? "Disable" : "Enable", user.enabled ? "Disabled" : "Enabled", () =>
      api("PATCH", path, { enabled: !user.enabled }),
    ),
    user.locked ? button("Unlock", "Unlocked", () => api("PATCH", path, { locked: false })) : null,
    user.mfaEnabled ? button("Reset MFA", "MFA reset for", () => api("POST", `${path}/reset_mfa`)) : null,
    h("button", { type: "button", className: "danger", onclick: remove }, "Delete"),
  );
}

/** One user's card. */
function userCard(user: AdminUser): HTMLLIElement {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const path = `/users/${seg(user.id)}`;
  const edit = formOf(
    "inline",
    [
      field("firstName", "First name", "text", user.firstName),
      field("lastName", "Last name", "text", user.lastName),
      field("username", "Username", "text", user.username),
    ],
    "Save",
    (values) => act(`Saved ${user.email}`, () => api("PATCH", `${path}/profile`, values)),
  );
  const password = formOf("inline", [field("password", "New password", "password")], "Set password", (values) =>
    act(`Password set for ${user.email}`, () => api("POST", `${path}/password`, values)),
  );
  return h(
    "li",
    { className: "card", "data-user": user.email },
    h("div", { className: "title" }, h("strong", {}, user.email), name ? ` · ${name}` : ""),
    badgesOf(user),
    h("div", { className: "muted mono" }, user.id),
    actionsOf(user, path),
    h("details", {}, h("summary", {}, "Edit"), edit, password),
    lazyDetails("Sessions", (into) => sessionsPanel(into, user.id, user.email)),
    lazyDetails("API keys", (into) => apiKeysPanel(into, { userId: user.id }, user.email)),
  );
}

/** The form that creates a user, with the choice whether the e-mail is already confirmed. */
const createForm = () =>
  formOf(
    "inline",
    [
      field("email", "E-mail", "email"),
      field("firstName", "First name"),
      field("lastName", "Last name"),
      field("password", "Password", "password"),
      checkbox("emailConfirmed", "Address already confirmed", true),
    ],
    "Create user",
    (values) =>
      act(`Created ${values.email}${values.emailConfirmed ? "" : " (e-mail not confirmed)"}`, () =>
        api("POST", "/users", values),
      ),
    { flags: ["emailConfirmed"] },
  );

/** Draws the Users tab into `main`. */
export async function renderUsers(main: HTMLElement): Promise<void> {
  const search = h("input", {
    type: "search",
    placeholder: "Search e-mail, name, id",
    "aria-label": "Search users",
    value: state.q,
  });
  search.addEventListener("input", () => {
    state.q = search.value;
    clearTimeout(state.searchTimer);
    state.searchTimer = window.setTimeout(() => void state.render(), 250);
  });
  const { users } = await api<{ users: AdminUser[] }>("GET", `/users?q=${seg(state.q)}`);
  main.append(
    h("div", { className: "toolbar" }, search),
    h("details", {}, h("summary", {}, "New user"), createForm()),
    h("p", { className: "muted" }, `${users.length} user${users.length === 1 ? "" : "s"}`),
    h("ul", { className: "cards", "aria-label": "Users" }, users.map(userCard)),
  );
}
