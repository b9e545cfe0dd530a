import * as api from "../../src/generated/operations.js";
import type { RequestOptions, Transport } from "../../src/transport/index.js";
import { type BrowserOperationId, validRequests } from "../support/valid-requests.js";

export type { BrowserOperationId };

type Call = (t: Transport, o?: RequestOptions) => Promise<unknown>;
type Fetcher = (t: Transport, request: unknown, o?: RequestOptions) => Promise<unknown>;

const fetchers = api as unknown as Record<BrowserOperationId, Fetcher>;

/** One valid call of every browser operation: its generated fetcher with its row of test/support/valid-requests.ts. */
export const validCalls = Object.fromEntries(
  Object.entries(validRequests).map(([operationId, request]) => [
    operationId,
    (t: Transport, o?: RequestOptions) => fetchers[operationId as BrowserOperationId](t, request, o),
  ]),
) as { [Op in BrowserOperationId]: Call };
