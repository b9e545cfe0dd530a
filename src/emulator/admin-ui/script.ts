/**
 * The admin UI's script: vanilla JavaScript, no build step, shipped as a string and served by the emulator. It
 * calls the admin API with plain same-origin `fetch` and builds the DOM with `h()` (text is never parsed as HTML).
 */
export const ADMIN_SCRIPT = String.raw`
"use strict";
const $ = (selector) => document.querySelector(selector);
function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "className") el.className = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}
function say(message, isError) {
  const status = $("#status");
  status.textContent = message;
  status.className = isError ? "status error" : "status";
}
async function api(method, path, body) {
  const response = await fetch("/__emulator" + path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const fields = data.user_facing_errors ? Object.entries(data.user_facing_errors).map(([k, v]) => k + ": " + v).join("; ") : "";
    throw new Error(fields || data.user_facing_error || response.status + " " + response.statusText);
  }
  return data;
}
async function act(label, run) {
  try {
    await run();
    say(label);
    await render();
  } catch (error) {
    say(error.message, true);
  }
}
function field(name, label, type, value) {
  return h("label", {}, label, h("input", { name, type: type || "text", value: value || "", autocomplete: "off" }));
}
function formOf(className, fields, submit, onsubmit) {
  return h("form", { className, onsubmit: (event) => {
    event.preventDefault();
    onsubmit(Object.fromEntries(new FormData(event.target)));
  } }, fields, h("button", { type: "submit" }, submit));
}
function roleSelect(name, roles, current) {
  return h("select", { name, "aria-label": "Role" }, roles.map((role) => h("option", { value: role, selected: role === current }, role)));
}
const badge = (text, kind) => h("span", { className: "badge " + (kind || "") }, text);

async function renderUsers(main) {
  const search = h("input", { type: "search", placeholder: "Search e-mail, name, id", "aria-label": "Search users", value: state.q });
  search.addEventListener("input", () => { state.q = search.value; clearTimeout(state.timer); state.timer = setTimeout(render, 250); });
  const create = formOf("inline", [field("email", "E-mail", "email"), field("firstName", "First name"), field("lastName", "Last name"), field("password", "Password", "password")], "Create user",
    (values) => act("Created " + values.email, () => api("POST", "/users", values)));
  const { users } = await api("GET", "/users?q=" + encodeURIComponent(state.q));
  main.append(h("div", { className: "toolbar" }, search), h("details", {}, h("summary", {}, "New user"), create));
  main.append(h("p", { className: "muted" }, users.length + " user" + (users.length === 1 ? "" : "s")));
  const list = h("ul", { className: "cards", "aria-label": "Users" });
  for (const user of users) {
    const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
    const path = "/users/" + encodeURIComponent(user.id);
    const edit = formOf("inline", [field("firstName", "First name", "text", user.firstName), field("lastName", "Last name", "text", user.lastName), field("username", "Username", "text", user.username)], "Save",
      (values) => act("Saved " + user.email, () => api("PATCH", path + "/profile", values)));
    const password = formOf("inline", [field("password", "New password", "password")], "Set password",
      (values) => act("Password set for " + user.email, () => api("POST", path + "/password", values)));
    list.append(h("li", { className: "card", "data-user": user.email },
      h("div", { className: "title" }, h("strong", {}, user.email), name ? " · " + name : ""),
      h("div", { className: "badges" },
        user.emailConfirmed ? null : badge("e-mail not confirmed", "warn"),
        user.enabled ? null : badge("disabled", "bad"),
        user.locked ? badge("locked", "bad") : null,
        user.mfaEnabled ? badge("MFA on", "ok") : null,
        user.hasPassword ? null : badge("no password"),
        user.orgs.map((org) => badge(org.name + ": " + org.role))),
      h("div", { className: "muted mono" }, user.id),
      h("div", { className: "actions" },
        user.emailConfirmed ? null : h("button", { onclick: () => act("Confirmed " + user.email, () => api("POST", path + "/confirm_email")) }, "Confirm e-mail"),
        h("button", { onclick: () => act((user.enabled ? "Disabled " : "Enabled ") + user.email, () => api("PATCH", path, { enabled: !user.enabled })) }, user.enabled ? "Disable" : "Enable"),
        user.locked ? h("button", { onclick: () => act("Unlocked " + user.email, () => api("PATCH", path, { locked: false })) }, "Unlock") : null,
        user.mfaEnabled ? h("button", { onclick: () => act("MFA reset for " + user.email, () => api("POST", path + "/reset_mfa")) }, "Reset MFA") : null),
      h("details", {}, h("summary", {}, "Edit"), edit, password)));
  }
  main.append(list);
}

async function renderOrgs(main) {
  const { orgs, roles } = await api("GET", "/orgs");
  const list = h("ul", { className: "cards", "aria-label": "Orgs" });
  for (const org of orgs) {
    const base = "/orgs/" + encodeURIComponent(org.id);
    const members = h("ul", { className: "rows", "aria-label": "Members of " + org.name }, org.members.map((member) => {
      const select = roleSelect("role", roles, member.role);
      select.addEventListener("change", () => act(member.email + " is now " + select.value, () => api("PUT", base + "/members/" + encodeURIComponent(member.userId), { role: select.value, additionalRoles: member.additionalRoles })));
      return h("li", {}, h("span", { className: "grow" }, member.email, member.additionalRoles.length ? " (+" + member.additionalRoles.join(", ") + ")" : ""), select,
        h("button", { onclick: () => act("Removed " + member.email, () => api("DELETE", base + "/members/" + encodeURIComponent(member.userId))) }, "Remove"));
    }));
    const invitations = h("ul", { className: "rows", "aria-label": "Invitations of " + org.name }, org.invitations.map((invite) =>
      h("li", {}, h("span", { className: "grow" }, invite.email), h("span", { className: "muted" }, invite.role), invite.expired ? badge("expired", "bad") : badge("pending", "ok"),
        h("button", { onclick: () => act("Revoked " + invite.email, () => api("DELETE", base + "/invitations/" + encodeURIComponent(invite.email))) }, "Revoke"))));
    const add = formOf("inline", [field("email", "E-mail", "email"), h("label", {}, "Role", roleSelect("role", roles, roles[roles.length - 1]))], "Add member",
      (values) => act("Added " + values.email, () => api("POST", base + "/members", values)));
    const invite = formOf("inline", [field("email", "E-mail", "email"), h("label", {}, "Role", roleSelect("role", roles, roles[roles.length - 1]))], "Invite",
      (values) => act("Invited " + values.email + " (see the outbox)", () => api("POST", base + "/invitations", values)));
    list.append(h("li", { className: "card", "data-org": org.name },
      h("div", { className: "title" }, h("strong", {}, org.name), org.domain ? " · " + org.domain : ""),
      h("div", { className: "muted mono" }, org.id + " · " + org.roleStructure),
      h("h3", {}, "Members (" + org.members.length + ")"), members,
      h("details", {}, h("summary", {}, "Add a member"), add),
      h("h3", {}, "Invitations (" + org.invitations.length + ")"), invitations,
      h("details", {}, h("summary", {}, "Invite"), invite)));
  }
  main.append(list);
}

async function renderOutbox(main) {
  const { messages } = await api("GET", "/outbox");
  if (messages.length === 0) main.append(h("p", { className: "muted" }, "No e-mails yet."));
  main.append(h("ul", { className: "cards", "aria-label": "Outbox" }, messages.map((m) => h("li", { className: "card" },
    h("div", { className: "title" }, h("strong", {}, m.subject)),
    h("div", { className: "muted" }, "To " + m.to + " · " + m.kind + " · " + new Date(m.sentAt).toLocaleString()),
    h("a", { href: m.link, className: "mono link" }, m.link)))));
}

async function renderSettings(main) {
  const settings = await api("GET", "/settings");
  const text = h("textarea", { name: "settings", rows: 24, spellcheck: "false", "aria-label": "Settings (JSON)" });
  text.value = JSON.stringify(settings, null, 2);
  main.append(h("p", { className: "muted" }, "The project settings as JSON: change a value and save."),
    h("form", { className: "stack", onsubmit: (event) => {
      event.preventDefault();
      let changes;
      try { changes = JSON.parse(text.value); } catch (error) { say("Not JSON: " + error.message, true); return; }
      act("Settings saved", () => api("PATCH", "/settings", changes));
    } }, text, h("button", { type: "submit" }, "Save settings")));
}

async function renderRequests(main) {
  const list = h("ol", { className: "log", "aria-label": "Requests", reversed: true });
  main.append(h("p", { className: "muted" }, "Live: the newest request first (the last 500 are kept)."), list);
  let after = 0;
  const poll = async () => {
    if (state.tab !== "requests") return;
    const { requests } = await api("GET", "/requests?after=" + after).catch(() => ({ requests: [] }));
    for (const r of requests) {
      after = r.id;
      list.prepend(h("li", { className: r.status >= 400 ? "bad" : "" },
        h("span", { className: "mono method" }, r.method), h("span", { className: "mono grow path" }, r.path),
        h("span", { className: "mono" }, r.status), h("span", { className: "muted mono" }, r.ms + " ms")));
    }
    state.poll = setTimeout(poll, 1000);
  };
  await poll();
}

const tabs = { users: renderUsers, orgs: renderOrgs, outbox: renderOutbox, settings: renderSettings, requests: renderRequests };
const state = { tab: "users", q: "", timer: 0, poll: 0 };
async function render() {
  clearTimeout(state.poll);
  state.tab = tabs[location.hash.slice(1)] ? location.hash.slice(1) : "users";
  for (const link of document.querySelectorAll("nav a")) link.setAttribute("aria-current", link.hash === "#" + state.tab ? "page" : "false");
  const main = h("div", {});
  try {
    await tabs[state.tab](main);
  } catch (error) {
    say(error.message, true);
  }
  const focused = document.activeElement && document.activeElement.type === "search";
  $("#main").replaceChildren(main);
  if (focused) { const search = $("#main input[type=search]"); search.focus(); search.setSelectionRange(search.value.length, search.value.length); }
}
window.addEventListener("hashchange", render);
$("#reset").addEventListener("click", () => {
  if (confirm("Wipe every change and go back to the start seed?")) act("Reset to the start seed", () => api("POST", "/reset"));
});
$("#export").addEventListener("click", async () => {
  try {
    const seed = await api("GET", "/seed");
    const link = h("a", { href: URL.createObjectURL(new Blob([JSON.stringify(seed, null, 2) + "\n"], { type: "application/json" })), download: "emulator.seed.json" });
    link.click();
    say("Exported the state as emulator.seed.json (start with --seed emulator.seed.json)");
  } catch (error) {
    say(error.message, true);
  }
});
render();
`;
