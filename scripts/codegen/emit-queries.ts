import type { OperationModel } from "./model.js";
import { GENERATED_HEADER } from "./naming.js";
import { infiniteHook, infiniteOptionsFunction, infiniteQueryFunction } from "./queries/infinite-hooks.js";
import { keyFactory, keyTypes } from "./queries/keys.js";
import { mutationBlock } from "./queries/mutation-hooks.js";
import { queryFunction, queryHook, queryOptionsFunction } from "./queries/query-hooks.js";

/**
 * Emits `src/generated/queries.ts`: the React Query layer over the typed fetchers, for every fe/v3 operation.
 *
 * Per query operation: a key factory (`xKeys`: `all`, `matching`, `query`, `infinite`), `xQueryOptions`,
 * `useX`, and for `x-pagination` lists `xInfiniteQueryOptions` + `useXInfinite`.
 * Per mutation: `xMutationOptions` (with `x-invalidates` and `x-session-effect` compiled into `onSuccess`) and `useX`.
 * Keys are `[root, operationId, pathParams, query]`; infinite keys append an `"infinite"` segment.
 */
export function emitQueries(operations: OperationModel[]): string {
  const frontend = operations.filter((op) => op.surface === "frontend");
  const blocks = frontend.map((op) => (op.kind === "query" ? queryBlock(op) : mutationBlock(op)));
  return `${[GENERATED_HEADER, IMPORTS, ...blocks].join("\n\n")}\n`;
}

const IMPORTS = `import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  type DataTag,
  type InfiniteData,
  type QueryFunction,
  type UseInfiniteQueryResult,
  type UseMutationResult,
  type UseQueryResult,
} from "@tanstack/react-query";
import {
  withHookOptions,
  type InfiniteQueryHookOptions,
  type MutationHookOptions,
  type QueryHookOptions,
  type TypedInfiniteQueryOptions,
  type TypedQueryOptions,
} from "../hooks/hook-options.js";
import { endSession, refreshSession, useSessionFor, type MutationSession } from "../hooks/mutation-session.js";
import { queryKeyRoot, type EmptyKeyPart } from "../hooks/query-keys.js";
import type { EmptyRequest, OperationCaller } from "../transport/operation.js";
import type { OperationError } from "../transport/errors.js";
import * as api from "./operations.js";`;

/** Everything generated for one query operation: its keys, options and hook, and for a paginated list the infinite ones. */
function queryBlock(op: OperationModel): string {
  if (op.requestBody) throw new Error(`${op.operationId}: a query operation with a request body is not supported`);
  const infinite = op.pagination ? [infiniteQueryFunction(op), infiniteOptionsFunction(op), infiniteHook(op)] : [];
  return [keyTypes(op), keyFactory(op), queryFunction(op), queryOptionsFunction(op), queryHook(op), ...infinite].join(
    "\n\n",
  );
}
