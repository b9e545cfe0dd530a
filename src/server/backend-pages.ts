/**
 * Every page of a paged backend call without the loop, as WorkOS's `autoPagination`: `backendPages(client)` has one
 * method per paged call (users, an org's members, orgs, pending invitations, current and archived API keys), each an
 * async iterable over the items of every page, fetched one page at a time as the `for await` asks for more. A 429 is
 * waited out as its `Retry-After` says (a few times per page, never longer than `maxWaitMs`) and the page asked again.
 */
import { ApiError } from "../transport/errors.js";
import type { RequestOptions } from "../transport/operation.js";
import type { BackendClient } from "./backend-client.js";

/** The paged calls and the field of their answer that holds a page's items. */
const ITEMS = {
  queryUsers: "users",
  fetchUsersInOrg: "users",
  queryOrgs: "orgs",
  fetchPendingInvites: "invites",
  fetchCurrentApiKeys: "api_keys",
  fetchArchivedApiKeys: "api_keys",
} as const;

/** A paged backend call's method name. */
export type PagedBackendCall = keyof typeof ITEMS;
type PageOf<M extends PagedBackendCall> = Awaited<ReturnType<BackendClient[M]>>;
/** What one page of `M` holds a list of (a user, an org, an invitation, an API key). */
export type PagedItem<M extends PagedBackendCall> =
  PageOf<M> extends { readonly [K in (typeof ITEMS)[M]]: readonly (infer Item)[] } ? Item : never;

/** How pages are fetched. */
export interface BackendPagesOptions {
  /** Passed to every page's call (an abort signal, a deadline, headers). */
  request?: RequestOptions;
  /** How many 429s in a row one page may answer before its error is thrown. Default 5. */
  maxRetries?: number;
  /** The longest wait a 429 may ask for; one asking longer is thrown at once. Default 60000 ms. */
  maxWaitMs?: number;
}

/** Each paged call of the backend client as an async iterable over the items of all its pages. */
export type BackendPages = {
  readonly [M in PagedBackendCall]: (
    request: NonNullable<Parameters<BackendClient[M]>[0]>,
    options?: BackendPagesOptions,
  ) => AsyncIterable<PagedItem<M>>;
};

/** The wait before `M` is asked again, when `error` is a 429 that may be waited out; else undefined. */
function waitFor(error: unknown, attempt: number, options: BackendPagesOptions): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 429 || attempt >= (options.maxRetries ?? 5)) return undefined;
  const wait = error.retryAfterMs ?? 1_000;
  return wait <= (options.maxWaitMs ?? 60_000) ? wait : undefined;
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener("abort", aborted);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", aborted, { once: true });
  });
}

/** One page, asked again after each 429's wait until it answers or may not wait any longer. */
async function pageWithRetries<T>(call: () => Promise<T>, options: BackendPagesOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const wait = waitFor(error, attempt, options);
      if (wait === undefined) throw error;
      await sleep(wait, options.request?.signal);
    }
  }
}

type Page = Record<string, unknown> & { has_more_results?: boolean };
type PageCall = (
  request: Record<string, Record<string, unknown> | undefined>,
  options?: RequestOptions,
) => Promise<Page>;

/** The items of every page from the request's `page_number` (0 when absent) until one says there are no more. */
async function* allItems(
  call: PageCall,
  request: Record<string, Record<string, unknown> | undefined>,
  items: string,
  options: BackendPagesOptions,
): AsyncGenerator<unknown> {
  // The org query takes its page in the body, the others in the query string.
  const where = items === "orgs" ? "body" : "query";
  let page = Number(request[where]?.page_number ?? 0);
  for (;;) {
    const asked = { ...request, [where]: { ...request[where], page_number: page } };
    const answer = await pageWithRetries(() => call(asked, options.request), options);
    const list = (answer[items] ?? []) as unknown[];
    yield* list;
    if (!answer.has_more_results || list.length === 0) return;
    page++;
  }
}

/** The backend client's paged calls as async iterables over every item of every page (`for await`). */
export function backendPages(client: BackendClient): BackendPages {
  const entries = Object.entries(ITEMS).map(([method, items]) => {
    const call: PageCall = (request, options) =>
      (client[method as PagedBackendCall] as unknown as PageCall).call(client, request, options);
    const walk = (request: object, options: BackendPagesOptions = {}) =>
      allItems(call, request as Record<string, Record<string, unknown>>, items, options);
    return [method, walk];
  });
  return Object.fromEntries(entries) as BackendPages;
}
