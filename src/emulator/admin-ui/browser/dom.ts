/** The admin UI's DOM helpers: elements built with `h()` (text is never parsed as HTML), forms, the status line. */

type Child = Node | string | number | null | undefined | false | readonly Child[];
type Props = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

/** The element matching `selector`; the page's shell has it, so a miss is a bug. */
export function $<T extends Element = HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`The page has no ${selector}`);
  return found;
}

/** Builds an element: `on*` props are listeners, `className` the class, other props attributes (true: present). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "className") el.className = String(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  appendAll(el, children);
  return el;
}

/** Appends children (lists flattened; null, undefined and false left out), text as text nodes. */
export function appendAll(el: Element, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) appendAll(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Shows a message in the status line (an error in red). */
export function say(message: string, isError = false): void {
  const status = $("#status");
  status.textContent = message;
  status.className = isError ? "status error" : "status";
}

/** A labelled text input. */
export function field(name: string, label: string, type = "text", value: string | null = ""): HTMLLabelElement {
  return h("label", {}, label, h("input", { name, type, value: value ?? "", autocomplete: "off" }));
}

/** A labelled checkbox, its whole label the touch target. */
export function checkbox(name: string, label: string, checked = false, value = "on"): HTMLLabelElement {
  return h("label", { className: "check" }, h("input", { type: "checkbox", name, value, checked }), label);
}

/** A form that hands its fields to `onsubmit` (checkboxes as booleans when `flags` names them; lists in `lists`). */
export function formOf(
  className: string,
  fields: Child[],
  submit: string,
  onsubmit: (values: Record<string, string | boolean | string[]>) => void,
  options: { flags?: string[]; lists?: string[] } = {},
): HTMLFormElement {
  const form = h("form", { className }, fields, h("button", { type: "submit" }, submit));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const values: Record<string, string | boolean | string[]> = {};
    for (const [key, value] of data) if (typeof value === "string") values[key] = value;
    for (const flag of options.flags ?? []) values[flag] = data.has(flag);
    for (const list of options.lists ?? []) values[list] = data.getAll(list).filter((v) => typeof v === "string");
    onsubmit(values);
  });
  return form;
}

/** A select of role names with `current` chosen. */
export function roleSelect(name: string, roles: readonly string[], current: string | undefined): HTMLSelectElement {
  return h(
    "select",
    { name, "aria-label": "Role" },
    roles.map((role) => h("option", { value: role, selected: role === current }, role)),
  );
}

/** A small pill of text (`kind`: ok, warn, bad). */
export const badge = (text: string, kind = ""): HTMLSpanElement => h("span", { className: `badge ${kind}` }, text);

/** A `<details>` whose content is built the first time it opens (and again on every later opening). */
export function lazyDetails(summary: string, build: (into: HTMLElement) => Promise<void>): HTMLDetailsElement {
  const body = h("div", { className: "lazy" });
  const details = h("details", {}, h("summary", {}, summary), body);
  details.addEventListener("toggle", () => {
    if (details.open) void refill(body, build);
  });
  return details;
}

/** Rebuilds a lazy panel's content; an error shows in the status line. */
export async function refill(body: HTMLElement, build: (into: HTMLElement) => Promise<void>): Promise<void> {
  const next = h("div", {});
  try {
    await build(next);
    body.replaceChildren(next);
  } catch (error) {
    say((error as Error).message, true);
  }
}
