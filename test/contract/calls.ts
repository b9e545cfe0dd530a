import * as api from "../../src/generated/operations.js";
import type { OperationId } from "../../src/generated/operations.js";
import type { RequestOptions, Transport } from "../../src/transport/index.js";
import { validRequests } from "../support/valid-requests.js";

type Call = (t: Transport, o?: RequestOptions) => Promise<unknown>;
type Fetcher = (t: Transport, request: unknown, o?: RequestOptions) => Promise<unknown>;

const fetchers = api as unknown as Record<OperationId, Fetcher>;

/** One valid call of every operation: its generated fetcher with its row of test/support/valid-requests.ts. */
export const validCalls = Object.fromEntries(
  Object.entries(validRequests).map(([operationId, request]) => [
    operationId,
    (t: Transport, o?: RequestOptions) => fetchers[operationId as OperationId](t, request, o),
  ]),
) as { [Op in OperationId]: Call };
