import { describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import {
  ApiError,
  createTransport,
  type OperationDescriptor,
  type OperationValidators,
  ResponseValidationError,
} from "../../../src/transport/index.js";

/**
 * An operation's validators are loaded with `import()` (a chunk of their own in a split bundle): the request goes
 * out first and the answer waits for them, a body waits for them before it is sent, a failed load fails the call
 * like a network failure and is tried again, and once loaded they are used at once.
 */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const VALIDATORS: OperationValidators = {
  body: z.object({ name: z.string(), tags: z._default(z.array(z.string()), []) }),
  responses: { 200: z.object({ id: z.string() }) },
  errorBody: z.object({ error_code: z.string(), user_facing_error: z.string() }),
};

function setup(answer: unknown, timeoutMs?: number) {
  const load = vi.fn<() => Promise<{ validators: OperationValidators }>>();
  const op: OperationDescriptor = {
    operationId: "demo",
    method: "POST",
    path: "/api/demo",
    responses: { 200: true },
    validators: load,
  };
  const sent: string[] = [];
  const transport = createTransport({
    authUrl: "https://auth.example.com",
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    fetch: async (_url, init) => {
      sent.push(String(init?.body ?? ""));
      return Response.json(answer);
    },
  });
  return { op, load, sent, transport };
}

describe("validators loaded on first use", () => {
  it("sends a call without a body before they are loaded; its answer waits for them", async () => {
    const { op, load, sent, transport } = setup({ id: 42 });
    const loading = deferred<{ validators: OperationValidators }>();
    load.mockReturnValue(loading.promise);
    const call = transport.call(op, {}).catch((error: unknown) => error);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    loading.resolve({ validators: VALIDATORS });
    expect(await call).toBeInstanceOf(ResponseValidationError);
  });

  it("checks a body (and fills in its defaults) before sending it, so it waits for them", async () => {
    const { op, load, sent, transport } = setup({ id: "d1" });
    const bodyOp = { ...op, body: true as const };
    const loading = deferred<{ validators: OperationValidators }>();
    load.mockReturnValue(loading.promise);
    const call = transport.call(bodyOp, { body: { name: "x" } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    loading.resolve({ validators: VALIDATORS });
    await expect(call).resolves.toEqual({ id: "d1" });
    expect(sent).toEqual([JSON.stringify({ name: "x", tags: [] })]);
  });

  it("fails the call like a network failure when they cannot load, and tries again on the next call", async () => {
    const { op, load, transport } = setup({ id: "d1" });
    const failure = new Error("chunk failed to load");
    load.mockRejectedValueOnce(failure).mockResolvedValue({ validators: VALIDATORS });
    const error = await transport.call(op, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "unexpected_error", cause: failure });
    await expect(transport.call(op, {})).resolves.toEqual({ id: "d1" });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("loads them once: later calls validate at once", async () => {
    const { op, load, transport } = setup({ id: "d1" });
    load.mockResolvedValue({ validators: VALIDATORS });
    for (let i = 0; i < 3; i++) await expect(transport.call(op, {})).resolves.toEqual({ id: "d1" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("once loaded, checks a later call's body and sends it at once, with no wait", async () => {
    const { op, load, sent, transport } = setup({ id: "d1" });
    const bodyOp = { ...op, body: true as const };
    load.mockResolvedValue({ validators: VALIDATORS });
    await transport.call(bodyOp, { body: { name: "first" } });
    const call = transport.call(bodyOp, { body: { name: "second" } });
    // sent before the caller's next microtask: the loaded validators are not awaited under the deadline again
    expect(sent).toEqual(['{"name":"first","tags":[]}', '{"name":"second","tags":[]}']);
    await expect(call).resolves.toEqual({ id: "d1" });
  });

  it("loads none with validation off when the call has no body", async () => {
    const load = vi.fn();
    const op: OperationDescriptor = {
      operationId: "demo",
      method: "GET",
      path: "/x",
      responses: { 200: true },
      validators: load,
    };
    const transport = createTransport({
      authUrl: "https://auth.example.com",
      validation: "off",
      fetch: async () => Response.json({ id: 7 }),
    });
    await expect(transport.call(op, {})).resolves.toEqual({ id: 7 });
    expect(load).not.toHaveBeenCalled();
  });

  it("waits for them within the call's deadline: a load that stalls ends the call as a timeout, sent or not", async () => {
    const { op, load, sent, transport } = setup({ id: "d1" }, 50);
    load.mockReturnValue(new Promise(() => undefined)); // a chunk that never arrives
    const answered = await transport.call(op, {}).catch((error: unknown) => error);
    expect(answered).toMatchObject({ code: "unexpected_error", cause: { kind: "timeout" } });
    expect(sent).toHaveLength(1);
    const withBody = await transport.call({ ...op, body: true }, { body: { name: "x" } }).catch((e: unknown) => e);
    expect(withBody).toMatchObject({ code: "unexpected_error", cause: { kind: "timeout" } });
    expect(sent).toHaveLength(1); // the body was never sent unchecked
  });

  it("stops waiting for them when the caller aborts, with the caller's reason", async () => {
    const { op, load, transport } = setup({ id: "d1" });
    load.mockReturnValue(new Promise(() => undefined));
    const controller = new AbortController();
    const call = transport.call({ ...op, body: true }, { body: { name: "x" } }, { signal: controller.signal });
    const reason = new Error("the user left the page");
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
  });
});
