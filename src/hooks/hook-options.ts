/** The options the generated hooks accept, and how a mutation hook's options join the generated ones. */
import type {
  InfiniteData,
  UnusedSkipTokenInfiniteOptions,
  UnusedSkipTokenOptions,
  UseInfiniteQueryOptions,
  UseMutationOptions,
  UseQueryOptions,
} from "@tanstack/react-query";

/**
 * What `xQueryOptions` returns: the query options, with a key that carries the data and error types. Named, so
 * declaration files need no unexported symbol of React Query.
 */
export type TypedQueryOptions<Data, Failure, Key extends readonly unknown[]> = UnusedSkipTokenOptions<
  Data,
  Failure,
  Data,
  Key
> & { queryKey: Key };

/** What `xInfiniteQueryOptions` returns: the infinite-query options, with a typed key. */
export type TypedInfiniteQueryOptions<Data, Failure, Key extends readonly unknown[]> = UnusedSkipTokenInfiniteOptions<
  Data,
  Failure,
  InfiniteData<Data, number>,
  Key,
  number
> & { queryKey: Key };

/** Options a generated query hook accepts: everything `useQuery` takes except the key and the fetcher. */
export type QueryHookOptions<Data, Failure, Selected, Key extends readonly unknown[]> = Omit<
  UseQueryOptions<Data, Failure, Selected, Key>,
  "queryKey" | "queryFn"
>;

/** Options a generated infinite-query hook accepts: everything but the key, the fetcher and the paging. */
export type InfiniteQueryHookOptions<Data, Failure, Key extends readonly unknown[]> = Omit<
  UseInfiniteQueryOptions<Data, Failure, InfiniteData<Data, number>, Key, number>,
  "queryKey" | "queryFn" | "initialPageParam" | "getNextPageParam" | "select"
>;

/** Options a generated mutation hook accepts; an `onSuccess` given here runs after the generated one. */
export type MutationHookOptions<Data, Failure, Variables> = Omit<
  UseMutationOptions<Data, Failure, Variables>,
  "mutationKey" | "mutationFn"
>;

/** Merges hook options into generated mutation options: the generated `onSuccess` runs (and is awaited) first. */
export function withHookOptions<Data, Failure, Variables>(
  base: UseMutationOptions<Data, Failure, Variables>,
  options: MutationHookOptions<Data, Failure, Variables> | undefined,
): UseMutationOptions<Data, Failure, Variables> {
  if (!options) return base;
  const { onSuccess: theirs, ...rest } = options;
  const merged = { ...rest, ...base };
  const own = base.onSuccess;
  if (!theirs) return merged;
  if (!own) return { ...merged, onSuccess: theirs };
  return {
    ...merged,
    onSuccess: async (...args) => {
      await own(...args);
      return theirs(...args);
    },
  };
}
