/** The admin UI's Outbox, Settings and Requests tabs. */
import { act, api } from "./api.js";
import { h, say } from "./dom.js";
import { state } from "./state.js";
import type { LoggedRequest, OutboxMessage } from "./types.js";

/** Draws the Outbox tab: every e-mail sent, with its link. */
export async function renderOutbox(main: HTMLElement): Promise<void> {
  const { messages } = await api<{ messages: OutboxMessage[] }>("GET", "/outbox");
  if (messages.length === 0) main.append(h("p", { className: "muted" }, "No e-mails yet."));
  main.append(
    h(
      "ul",
      { className: "cards", "aria-label": "Outbox" },
      messages.map((m) =>
        h(
          "li",
          { className: "card" },
          h("div", { className: "title" }, h("strong", {}, m.subject)),
          h("div", { className: "muted" }, `To ${m.to} · ${m.kind} · ${new Date(m.sentAt).toLocaleString()}`),
          h("a", { href: m.link, className: "mono link" }, m.link),
        ),
      ),
    ),
  );
}

/** Draws the Settings tab: the settings as JSON, saved as a whole. */
export async function renderSettings(main: HTMLElement): Promise<void> {
  const settings = await api("GET", "/settings");
  const text = h("textarea", { name: "settings", rows: 24, spellcheck: "false", "aria-label": "Settings (JSON)" });
  text.value = JSON.stringify(settings, null, 2);
  const form = h("form", { className: "stack" }, text, h("button", { type: "submit" }, "Save settings"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    let changes: unknown;
    try {
      changes = JSON.parse(text.value);
    } catch (error) {
      say(`This is not JSON, so nothing was saved: ${(error as Error).message}`, true);
      return;
    }
    void act("Settings saved", () => api("PATCH", "/settings", changes));
  });
  main.append(h("p", { className: "muted" }, "The project settings as JSON: change a value and save."), form);
}

/** Draws the Requests tab and polls for new requests while it is shown. */
export async function renderRequests(main: HTMLElement): Promise<void> {
  const list = h("ol", { className: "log", "aria-label": "Requests", reversed: true });
  main.append(h("p", { className: "muted" }, "Live: the newest request first (the last 500 are kept)."), list);
  let after = 0;
  const poll = async () => {
    if (state.tab !== "requests") return;
    const { requests } = await api<{ requests: LoggedRequest[] }>("GET", `/requests?after=${after}`).catch(() => ({
      requests: [] as LoggedRequest[],
    }));
    for (const r of requests) {
      after = r.id;
      list.prepend(
        h(
          "li",
          { className: r.status >= 400 ? "bad" : "" },
          h("span", { className: "mono method" }, r.method),
          h("span", { className: "mono grow path" }, r.path),
          h("span", { className: "mono" }, r.status),
          h("span", { className: "muted mono" }, `${r.ms} ms`),
        ),
      );
    }
    state.pollTimer = window.setTimeout(() => void poll(), 1000);
  };
  await poll();
}
