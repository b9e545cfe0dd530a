/** The admin UI's Orgs tab: create an org, add an extra role, and per org its members, invitations and API keys. */
import { apiKeysPanel } from "./access.js";
import { act, api, seg } from "./api.js";
import { badge, checkbox, field, formOf, h, lazyDetails, roleSelect } from "./dom.js";
import type { AdminOrg, AdminOrgs } from "./types.js";

type Member = AdminOrg["members"][number];

/** A member's row: the role, the extra roles (each a checkbox) and Remove. */
function memberRow(base: string, member: Member, roles: AdminOrgs): HTMLLIElement {
  const path = `${base}/members/${seg(member.userId)}`;
  const select = roleSelect("role", roles.roles, member.role);
  const put = (label: string, role: string, additionalRoles: string[]) =>
    act(label, () => api("PUT", path, { role, additionalRoles }));
  select.addEventListener("change", () =>
    put(`${member.email} is now ${select.value}`, select.value, member.additionalRoles),
  );
  const extras = roles.additionalRoles.map((name) => {
    const box = checkbox("additionalRoles", name, member.additionalRoles.includes(name), name);
    box.querySelector("input")?.addEventListener("change", (event) => {
      const on = (event.target as HTMLInputElement).checked;
      const next = on ? [...member.additionalRoles, name] : member.additionalRoles.filter((r) => r !== name);
      void put(`${member.email} ${on ? "now has" : "no longer has"} ${name}`, member.role, next);
    });
    return box;
  });
  return h(
    "li",
    { "data-member": member.email },
    h("span", { className: "grow" }, member.email),
    select,
    h("button", { type: "button", onclick: () => act(`Removed ${member.email}`, () => api("DELETE", path)) }, "Remove"),
    extras.length
      ? h(
          "div",
          { className: "extras", role: "group", "aria-label": `Extra roles of ${member.email}` },
          h("span", { className: "muted" }, "Extra roles:"),
          extras,
        )
      : null,
  );
}

/** An invitation's row, with Revoke. */
const invitationRow = (base: string, invite: AdminOrg["invitations"][number]) =>
  h(
    "li",
    {},
    h("span", { className: "grow" }, invite.email),
    h("span", { className: "muted" }, invite.role),
    invite.expired ? badge("expired", "bad") : badge("pending", "ok"),
    h(
      "button",
      {
        type: "button",
        onclick: () => act(`Revoked ${invite.email}`, () => api("DELETE", `${base}/invitations/${seg(invite.email)}`)),
      },
      "Revoke",
    ),
  );

/** One org's card. */
function orgCard(org: AdminOrg, project: AdminOrgs): HTMLLIElement {
  // An org subscribed to a custom role mapping offers that mapping's roles.
  const roles = { ...project, roles: org.roles, additionalRoles: org.additionalRoles };
  const base = `/orgs/${seg(org.id)}`;
  const lowest = roles.roles[roles.roles.length - 1];
  const emailAndRole = () => [
    field("email", "E-mail", "email"),
    h("label", {}, "Role", roleSelect("role", roles.roles, lowest)),
  ];
  const add = formOf("inline", emailAndRole(), "Add member", (values) =>
    act(`Added ${values.email}`, () => api("POST", `${base}/members`, values)),
  );
  const invite = formOf("inline", emailAndRole(), "Invite", (values) =>
    act(`Invited ${values.email} (see the outbox)`, () => api("POST", `${base}/invitations`, values)),
  );
  const remove = () => {
    if (confirm(`Delete ${org.name}? Its memberships, invitations and API keys go too.`))
      void act(`Deleted ${org.name}`, () => api("DELETE", base));
  };
  return h(
    "li",
    { className: "card", "data-org": org.name },
    h("div", { className: "title" }, h("strong", {}, org.name), org.domain ? ` · ${org.domain}` : ""),
    h("div", { className: "muted mono" }, `${org.id} · ${org.roleStructure}`),
    h("h3", {}, `Members (${org.members.length})`),
    h(
      "ul",
      { className: "rows", "aria-label": `Members of ${org.name}` },
      org.members.map((m) => memberRow(base, m, roles)),
    ),
    h("details", {}, h("summary", {}, "Add a member"), add),
    h("h3", {}, `Invitations (${org.invitations.length})`),
    h(
      "ul",
      { className: "rows", "aria-label": `Invitations of ${org.name}` },
      org.invitations.map((i) => invitationRow(base, i)),
    ),
    h("details", {}, h("summary", {}, "Invite"), invite),
    lazyDetails("API keys", (into) => apiKeysPanel(into, { orgId: org.id }, org.name)),
    h(
      "div",
      { className: "actions" },
      h("button", { type: "button", className: "danger", onclick: remove }, "Delete org"),
    ),
  );
}

/** The forms above the orgs: a new org (with its first Owner), a new extra role. */
function setupForms(roles: AdminOrgs): HTMLElement {
  const createOrg = formOf(
    "inline",
    [
      field("name", "Org name"),
      field("ownerEmail", "Owner's e-mail (optional)", "email"),
      field("domain", "Domain (optional)"),
      checkbox("multiRole", "Several roles per member (multi_role)"),
    ],
    "Create org",
    (values) => {
      const { multiRole, ...rest } = values;
      const body = { ...rest, roleStructure: multiRole ? "multi_role" : "single_role_in_hierarchy" };
      void act(`Created ${values.name}`, () => api("POST", "/orgs", body));
    },
    { flags: ["multiRole"] },
  );
  const createRole = formOf(
    "inline",
    [field("name", "Role name"), field("permissions", "Permissions (comma-separated)")],
    "Add extra role",
    (values) => {
      const permissions = String(values.permissions ?? "")
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      void act(`Added the extra role ${values.name}`, () =>
        api("POST", "/additional_roles", { name: values.name, permissions }),
      );
    },
  );
  return h(
    "div",
    { className: "setup" },
    h(
      "p",
      { className: "muted" },
      `Roles: ${roles.roles.join(" > ")} · extra roles: ${roles.additionalRoles.join(", ") || "none"}`,
    ),
    h("details", {}, h("summary", {}, "New org"), createOrg),
    h("details", {}, h("summary", {}, "New extra role"), createRole),
  );
}

/** Draws the Orgs tab into `main`. */
export async function renderOrgs(main: HTMLElement): Promise<void> {
  const roles = await api<AdminOrgs>("GET", "/orgs");
  main.append(
    setupForms(roles),
    h(
      "ul",
      { className: "cards", "aria-label": "Orgs" },
      roles.orgs.map((org) => orgCard(org, roles)),
    ),
  );
}
