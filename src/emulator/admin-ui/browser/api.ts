/** The admin UI's calls to the admin API: same-origin `fetch` with the admin cookie; errors worded for a person. */
import { say } from "./dom.js";

interface ErrorBody {
  user_facing_error?: string;
  user_facing_errors?: Record<string, string>;
}

/** Calls the admin API at `/__emulator` + `path`; a refusal throws an Error with the emulator's message. */
export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/__emulator${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const data = (await response.json().catch(() => ({}))) as T & ErrorBody;
  if (!response.ok) {
    const fields = Object.entries(data.user_facing_errors ?? {})
      .map(([name, message]) => `${name}: ${message}`)
      .join("; ");
    throw new Error(fields || data.user_facing_error || `${response.status} ${response.statusText}`);
  }
  return data;
}

/** What the page does after an action: draw the current tab again. */
let rerender: () => Promise<void> = async () => {};

/** Sets what `act` calls after a successful action. */
export function onActed(render: () => Promise<void>): void {
  rerender = render;
}

/**
 * Runs an action: when it worked, draws the page again (the tab, or only `redraw`'s part) and shows `label` in the
 * status line (a function: worded once the action is done); when not, the emulator's message.
 */
export async function act(
  label: string | (() => string),
  run: () => Promise<unknown>,
  redraw = rerender,
): Promise<void> {
  try {
    await run();
  } catch (error) {
    say((error as Error).message, true);
    return;
  }
  await redraw();
  say(typeof label === "string" ? label : label());
}

/** A path segment, encoded. */
export const seg = (value: string): string => encodeURIComponent(value);
