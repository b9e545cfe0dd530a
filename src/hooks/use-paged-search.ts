/**
 * `usePagedSearch`: the state of a searchable, paginated list (members, invitations, API keys) — the search box,
 * its debounced value and the page number — shaped for the generated list hooks' query parameters.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { globalTimers, type Timers } from "../transport/timeout.js";

/** Options of `usePagedSearch`. */
export interface PagedSearchOptions {
  /** How long the search text must stay unchanged before it is used. Default 300 ms. */
  debounceMs?: number;
  /** Page size sent as `page_size`; leave it out for the server's default. */
  pageSize?: number;
  /** The search text to start with. Default "". */
  initialSearch?: string;
  /** The timers the debounce runs on (the library's one timer seam; tests pass fake ones). Default the global ones. */
  timers?: Timers;
}

/** The page parameters of the generated list operations. */
export interface PageQuery {
  page_number: number;
  page_size?: number;
}

/** What `usePagedSearch()` returns. */
export interface PagedSearch {
  /** The search box's text, as typed. */
  search: string;
  /** Sets the search text; the page goes back to the first once the debounced value changes. */
  setSearch(search: string): void;
  /** The search text once typing paused, or undefined when empty: pass it as `email_search` / `api_key_search`. */
  debouncedSearch: string | undefined;
  /** Uses the search text at once, without waiting for the pause (a search button, the Enter key). */
  applySearch(): void;
  /** The current page, from 0. */
  page: number;
  /** Goes to a page (negative numbers mean the first). */
  setPage(page: number): void;
  /** Goes to the next page; check the response's `has_more_results` before offering it. */
  nextPage(): void;
  /** Goes to the previous page (never before the first). */
  previousPage(): void;
  /** True when there is a page before this one. */
  hasPreviousPage: boolean;
  /** `{ page_number, page_size }` for a list hook's `query`. */
  pageQuery: PageQuery;
}

/** The debounced value of `value` (it follows after `delayMs` without change) and a way to make it follow at once. */
function useDebounced(value: string, delayMs: number, timers: Timers): [string, () => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const handle = timers.setTimeout(() => setDebounced(value), delayMs);
    return () => timers.clearTimeout(handle);
  }, [value, delayMs, timers]);
  const flush = useCallback(() => setDebounced(value), [value]);
  return [debounced, flush];
}

/** Search text, debounced search and page state of a list; a new search starts again at the first page. */
export function usePagedSearch(options: PagedSearchOptions = {}): PagedSearch {
  const { debounceMs = 300, pageSize, initialSearch = "", timers = globalTimers } = options;
  const [search, setSearch] = useState(initialSearch);
  const [debounced, applySearch] = useDebounced(search, debounceMs, timers);
  const [paging, setPaging] = useState({ page: 0, search: debounced });
  const page = paging.search === debounced ? paging.page : 0; // a new search shows its first page at once
  const setPage = useCallback(
    (next: number) => setPaging({ page: Math.max(0, Math.floor(next)), search: debounced }),
    [debounced],
  );
  return useMemo(
    () => ({
      search,
      setSearch,
      debouncedSearch: debounced.trim() === "" ? undefined : debounced.trim(),
      applySearch,
      page,
      setPage,
      nextPage: () => setPage(page + 1),
      previousPage: () => setPage(page - 1),
      hasPreviousPage: page > 0,
      pageQuery: pageSize === undefined ? { page_number: page } : { page_number: page, page_size: pageSize },
    }),
    [search, debounced, applySearch, page, setPage, pageSize],
  );
}
