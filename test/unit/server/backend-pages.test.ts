/**
 * `backendPages`: every item of every page, page by page, with the page number where each call takes it (the query,
 * the org query's body); a 429 waited out for its `Retry-After` (fake time) and the page asked again; a 429 asking
 * too long, or too many in a row, thrown; a wait ended by the caller's abort signal.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { type BackendClient, backendPages } from "../../../src/server/index.js";
import { ApiError } from "../../../src/transport/errors.js";

afterEach(() => {
  vi.useRealTimers();
});

const rateLimited = (retryAfterMs: number | undefined) =>
  new ApiError({
    status: 429,
    operationId: "backendFetchUsersInOrg",
    code: "rate_limit_exceeded",
    rawCode: undefined,
    userFacingError: "Too many requests",
    retryAfterMs,
  });

/** A client whose members call serves `total` users in pages, failing each call listed in `failures` (by number). */
function fakeClient(total: number, failures: Map<number, Error> = new Map()) {
  const asked: unknown[] = [];
  const page = (request: { query?: { page_number?: number; page_size?: number } }) => {
    asked.push(request);
    const failure = failures.get(asked.length);
    if (failure) return Promise.reject(failure);
    const size = request.query?.page_size ?? 10;
    const number = request.query?.page_number ?? 0;
    const users = Array.from({ length: Math.max(0, Math.min(size, total - number * size)) }, (_, i) => ({
      user_id: `u${number * size + i}`,
    }));
    return Promise.resolve({ users, has_more_results: (number + 1) * size < total });
  };
  const orgs = (request: { body: { page_number?: number } }) => {
    asked.push(request);
    const number = request.body.page_number ?? 0;
    return Promise.resolve({ orgs: [{ org_id: `o${number}` }], has_more_results: number < 2 });
  };
  const client = { fetchUsersInOrg: page, queryUsers: page, queryOrgs: orgs } as unknown as BackendClient;
  return { client, asked };
}

/** Every item an iterable yields. */
async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe("backendPages", () => {
  it("yields every item of every page, asking one page at a time from the given page number", async () => {
    const { client, asked } = fakeClient(25);
    const users = await collect(
      backendPages(client).fetchUsersInOrg({ path: { orgId: "acme" }, query: { page_size: 10 } }),
    );
    expect(users.map((user) => user.user_id)).toEqual(Array.from({ length: 25 }, (_, i) => `u${i}`));
    expect(asked).toEqual(
      [0, 1, 2].map((page_number) => ({ path: { orgId: "acme" }, query: { page_size: 10, page_number } })),
    );
    const fromSecond = await collect(backendPages(client).queryUsers({ query: { page_size: 10, page_number: 1 } }));
    expect(fromSecond).toHaveLength(15);
  });

  it("puts the org query's page number in its body", async () => {
    const { client, asked } = fakeClient(0);
    const orgs = await collect(backendPages(client).queryOrgs({ body: { page_size: 1 } }));
    expect(orgs.map((org) => org.org_id)).toEqual(["o0", "o1", "o2"]);
    expect(asked.at(-1)).toEqual({ body: { page_size: 1, page_number: 2 } });
  });

  it("waits out a 429 for its Retry-After, then asks the same page again", async () => {
    vi.useFakeTimers();
    const { client, asked } = fakeClient(15, new Map([[2, rateLimited(2_000)]]));
    const all = collect(backendPages(client).queryUsers({ query: { page_size: 10 } }));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(await all).toHaveLength(15);
    expect(asked.map((request) => (request as { query: { page_number: number } }).query.page_number)).toEqual([
      0, 1, 1,
    ]);
  });

  it("throws a 429 that asks longer than maxWaitMs, or the one after maxRetries in a row", async () => {
    const tooLong = fakeClient(15, new Map([[1, rateLimited(120_000)]]));
    await expect(collect(backendPages(tooLong.client).queryUsers({}))).rejects.toMatchObject({ status: 429 });
    vi.useFakeTimers();
    const failures = new Map([1, 2, 3].map((call) => [call, rateLimited(undefined)] as const));
    const again = fakeClient(15, failures);
    const all = collect(backendPages(again.client).queryUsers({}, { maxRetries: 2 })).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await all).toMatchObject({ status: 429 });
    expect(again.asked).toHaveLength(3);
  });

  it("stops waiting when the caller's signal aborts", async () => {
    const controller = new AbortController();
    const { client } = fakeClient(15, new Map([[1, rateLimited(30_000)]]));
    const all = collect(backendPages(client).queryUsers({}, { request: { signal: controller.signal } }));
    controller.abort(new Error("stopped"));
    await expect(all).rejects.toThrow("stopped");
  });
});
