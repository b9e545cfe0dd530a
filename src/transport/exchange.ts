/**
 * One HTTP exchange under one deadline: the request, the headers and the whole body are read before the timeout
 * (or the caller's abort) settles it. Redirects are never followed: the request carries `redirect: "manual"`, so
 * nothing (no CSRF header, no password body) goes to the Location, and a redirect answer is a typed failure.
 * Every fe call and every session call goes through here.
 */
import { OrgauthError } from "../shared/orgauth-error.js";
import { parseRetryAfter } from "./retry-after.js";
import { withTimeout, type Deadline, type Timers } from "./timeout.js";

/** Why an exchange produced no readable answer. */
export type ExchangeFailureKind = "network" | "timeout" | "redirect";

/** An exchange that failed before a readable answer: no connection, the deadline passed, or a refused redirect. */
export class ExchangeFailure extends OrgauthError {
  override readonly name = "ExchangeFailure";
  readonly type = "exchange";

  declare readonly kind: ExchangeFailureKind;
  /** The redirect status (0 when the browser hides it, and for network failures and timeouts). */
  declare readonly status: number;

  constructor(kind: ExchangeFailureKind, status: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.status = status;
  }
}

/** A complete answer: status, headers and the body as text; a list its readers destructure (local names minify). */
export type ExchangeResult = readonly [
  status: number,
  statusText: string,
  headers: Headers,
  text: string,
  /** The server's `Retry-After` in milliseconds, when it sent a valid one with an answer that is not a 2xx. */
  retryAfterMs: number | undefined,
];

/** The deadline of one exchange and the caller's signal (its abort rejects with the signal's reason). */
export type ExchangeOptions = readonly [
  timeoutMs: number,
  signal?: AbortSignal | undefined,
  timers?: Timers | undefined,
  now?: (() => number) | undefined,
  /** A deadline the caller already runs (it spans more than the exchange, and the caller disposes of it). */
  deadline?: Deadline | undefined,
];

/** The fetch an exchange uses (the standard signature). */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * Performs the request, reads its body and hands the answer to `read`, all within one deadline (`read`'s wait for
 * validators too): what `read` returns (or throws) is the exchange's; otherwise it throws `ExchangeFailure` or the
 * caller's abort reason. `init` is the exchange's own: it sets `redirect` and `signal` on it (no copy).
 */
export async function exchange<T>(
  fetch: FetchFunction,
  input: string | Request,
  init: RequestInit,
  options: ExchangeOptions,
  read: (answer: ExchangeResult) => Promise<T>,
): Promise<T> {
  const [timeoutMs, signal, timers, now = Date.now, given] = options;
  const deadline = given ?? withTimeout(timeoutMs, signal, timers);
  let response: Response | undefined;
  // Lets go of an answer's body that will not be read (a refused redirect, an answer the deadline overtook).
  const cancelBody = (): void => void response?.body?.cancel().catch(() => undefined);
  // One wait for the headers and the whole body: a stalled body cannot hold the call past its deadline.
  const answer = async (): Promise<ExchangeResult> => {
    init.redirect = "manual";
    if (deadline.signal) init.signal = deadline.signal;
    response = await fetch(input, init);
    // a 3xx answer, or the opaque answer a browser gives for a redirect it did not follow
    if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
      cancelBody();
      throw new ExchangeFailure(
        "redirect",
        response.status,
        `Refused to follow a redirect (status ${response.status || "hidden"})`,
      );
    }
    const text = await response.text();
    // Only an answer that is not a success can ask to be retried later (a 2xx is not read for it)
    const retryAfterMs = response.ok ? undefined : parseRetryAfter(response.headers.get("Retry-After"), now());
    return [response.status, response.statusText, response.headers, text, retryAfterMs] as const;
  };
  let result: ExchangeResult | undefined;
  try {
    // nothing is sent for a call aborted (or destroyed) before it began (not throwIfAborted: jsdom 20 lacks it)
    if (deadline.signal?.aborted) throw deadline.signal.reason;
    result = await deadline.race(answer(), cancelBody);
    // The reader's own failures are its own; only the deadline (or the caller's abort) is the exchange's.
    return await deadline.race(read(result));
  } catch (error) {
    if (error instanceof ExchangeFailure) throw error;
    throw (
      deadlineFailure(error, deadline, options) ??
      (result ? error : new ExchangeFailure("network", 0, "Network failure", { cause: error }))
    );
  } finally {
    if (!given) deadline.dispose();
  }
}

/**
 * Awaits other work of a call (loading its validators) under the call's deadline: its expiry is the same
 * `ExchangeFailure` "timeout" as a slow answer's, the caller's abort rejects with its reason, a failure of the work
 * itself is rethrown as it is.
 */
export async function withinDeadline<T>(work: Promise<T>, deadline: Deadline, options: ExchangeOptions): Promise<T> {
  try {
    return await deadline.race(work);
  } catch (error) {
    throw deadlineFailure(error, deadline, options) ?? error;
  }
}

/** What an error caught under a deadline stands for: the timeout, the caller's abort, or (undefined) neither. */
function deadlineFailure(error: unknown, deadline: Deadline, [timeoutMs, signal]: ExchangeOptions): unknown {
  if (deadline.timedOut())
    return new ExchangeFailure("timeout", 0, `Request timed out after ${timeoutMs} ms`, { cause: error });
  if (signal?.aborted) return signal.reason ?? error;
  return undefined;
}
