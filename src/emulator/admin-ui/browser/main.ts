/**
 * The admin UI's script, bundled into the page (src/emulator/admin-ui/script.ts): draws the tab the address names,
 * again after each action and on Back/Forward, and wires the header's Export and Reset.
 */
import { act, api, onActed } from "./api.js";
import { $, h, say } from "./dom.js";
import { renderOrgs } from "./orgs.js";
import { renderOutbox, renderRequests, renderSettings } from "./pages.js";
import { state } from "./state.js";
import { renderUsers } from "./users.js";

const tabs: Record<string, (main: HTMLElement) => Promise<void>> = {
  users: renderUsers,
  orgs: renderOrgs,
  outbox: renderOutbox,
  settings: renderSettings,
  requests: renderRequests,
};

/** Puts the focus back in the new search box when the old one had it (typing goes on across a redraw). */
function keepSearchFocus(hadFocus: boolean): void {
  if (!hadFocus) return;
  // After Back/Forward to another tab there is no search box: nothing to focus.
  const search = document.querySelector<HTMLInputElement>("#main input[type=search]");
  if (!search) return;
  search.focus();
  search.setSelectionRange(search.value.length, search.value.length);
}

/** Draws the tab the address names (Users when it names none). */
async function render(): Promise<void> {
  clearTimeout(state.pollTimer);
  const wanted = location.hash.slice(1);
  state.tab = wanted in tabs ? wanted : "users";
  for (const link of document.querySelectorAll<HTMLAnchorElement>("nav a"))
    link.setAttribute("aria-current", link.hash === `#${state.tab}` ? "page" : "false");
  const main = h("div", {});
  try {
    await tabs[state.tab]!(main);
  } catch (error) {
    say((error as Error).message, true);
  }
  const active = document.activeElement;
  const hadFocus = active instanceof HTMLInputElement && active.type === "search";
  $("#main").replaceChildren(main);
  keepSearchFocus(hadFocus);
}

/** Downloads the state as a seed file. */
async function exportSeed(): Promise<void> {
  try {
    const seed = await api("GET", "/seed");
    const file = new Blob([`${JSON.stringify(seed, null, 2)}\n`], { type: "application/json" });
    h("a", { href: URL.createObjectURL(file), download: "emulator.seed.json" }).click();
    say("Exported the state as emulator.seed.json (start with --seed emulator.seed.json)");
  } catch (error) {
    say((error as Error).message, true);
  }
}

state.render = render;
onActed(render);
window.addEventListener("hashchange", () => void render());
$("#reset").addEventListener("click", () => {
  if (confirm("Wipe every change and go back to the start seed?"))
    void act("Reset to the start seed", () => api("POST", "/reset"));
});
$("#export").addEventListener("click", () => void exportSeed());
void render();
