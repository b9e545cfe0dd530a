/** The shared head of every query and mutation key the generated React Query layer builds. */

/** First segment of every query and mutation key of the generated layer; `allQueriesKey` matches all of them. */
export const queryKeyRoot = "orgauth";

/** Prefix matching every cached result of every operation (`invalidateQueries({ queryKey: allQueriesKey })`). */
export const allQueriesKey = [queryKeyRoot] as const;

/** The key segment of an operation without path (or query) parameters. */
export type EmptyKeyPart = Readonly<Record<string, never>>;
