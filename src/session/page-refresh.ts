/**
 * A page's first refresh, started when a client is created (not when React first commits) and shared by every
 * client of the same auth origin created in the page while it is out: a StrictMode double render creates a
 * spare client that never subscribes, and the spare's request is the one the kept client adopts, so a page
 * load still sends one request. The request is aborted only when every client that joined it is destroyed.
 */
import { AuthClientDestroyedError } from "./errors.js";
import type { CoordinatedResult } from "./tab-coordinator.js";

interface PageRefresh {
  key: string;
  outcome: Promise<CoordinatedResult>;
  /** Counts one more client in; returns its way out, once (the last one out ends the refresh). */
  join(): () => void;
}

/** The clients of one page: one tab id towards the other tabs, and their first refreshes by auth origin. */
export interface Page {
  /** Every client of the page speaks to the other tabs as this tab. */
  readonly tabId: string;
  /** The first refresh under way for each auth origin. */
  readonly refreshes: Map<string, PageRefresh>;
}

const pages = /* @__PURE__ */ new WeakMap<object, Page>();
const BROWSER_PAGE = {};

/**
 * The page of the clients built on `environment`: clients on the same environment object share one, and every
 * client on the default (browser) environment (`undefined`) shares the browser's.
 */
export function pageOf(environment: object | undefined): Page {
  const owner = environment ?? BROWSER_PAGE;
  let page = pages.get(owner);
  if (!page) {
    // a tab id only has to differ from the other tabs' (about 52 random bits), never to be read
    page = { tabId: Math.random().toString(36).slice(2), refreshes: new Map() };
    pages.set(owner, page);
  }
  return page;
}

/** One client's share in a page's first refresh. */
export interface PageRefreshTicket {
  /** The org key the refresh is for. */
  readonly key: string;
  /** The refresh's outcome (shared by every client holding a ticket). */
  readonly outcome: Promise<CoordinatedResult>;
  /** Gives the share up (on destroy): the last one out aborts a request still under way. */
  release(): void;
}

/**
 * Joins the page's first refresh for `authOrigin` and `key` while one is under way, else starts it with
 * `begin` (given the signal that aborts it). It leaves the page's registry once it settles.
 */
export function joinPageRefresh(
  page: Page,
  authOrigin: string,
  key: string,
  begin: (signal: AbortSignal) => Promise<CoordinatedResult>,
): PageRefreshTicket {
  const registry = page.refreshes;
  let entry = registry.get(authOrigin);
  if (!entry || entry.key !== key) {
    const controller = new AbortController();
    let users = 0;
    const created: PageRefresh = {
      key,
      outcome: begin(controller.signal),
      join: () => {
        users++;
        let released = false;
        return () => {
          if (released) return;
          released = true;
          if (--users === 0) controller.abort(new AuthClientDestroyedError());
        };
      },
    };
    const leave = () => registry.get(authOrigin) === created && registry.delete(authOrigin);
    created.outcome.then(leave, leave);
    registry.set(authOrigin, created);
    entry = created;
  }
  return { key, outcome: entry.outcome, release: entry.join() };
}
