/**
 * The errors of operations whose error bodies carry no `error_code` (the provider's backend API): their status
 * decides the code (`statusCodes`, from the contract's `x-error-code`), the body only adds the messages — a 400's
 * map of field → messages, a 429's plain text or `wait_seconds`, any JSON `message` or `user_facing_error`. The
 * server transport reads such answers through `withStatusCodes`, which rewrites each into the contract's error body,
 * so the transport's one error reader types them; browser bundles carry none of this.
 */
import { ApiError } from "./errors.js";

type Json = Record<string, unknown>;

/** A fetch whose error answers with a mapped status come back as the contract's error body of that status's code. */
export function withStatusCodes(
  fetch: typeof globalThis.fetch,
  statusCodes: Readonly<Record<number, string>>,
): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const code = statusCodes[response.status];
    if (response.ok || code === undefined) return response;
    const text = await response.text();
    const body = jsonObject(text);
    const fields = code === "invalid_request_fields" ? body && fieldMessages(body) : {};
    // A 400 that is no field map is left as it is: the transport makes it unexpected_error.
    if (!fields) return new Response(text, response);
    const headers = new Headers(response.headers);
    headers.set("Content-Type", "application/json");
    const wait = body?.wait_seconds;
    if (typeof wait === "number" && Number.isFinite(wait) && wait >= 0)
      headers.set("Retry-After", String(Math.ceil(wait)));
    const message = messageOf(body) ?? Object.values(fields)[0] ?? (body || !text.trim() ? code : text.trim());
    const errorBody = {
      error_code: code,
      user_facing_error: message,
      field_errors: fields,
      user_facing_errors: fields,
    };
    return new Response(JSON.stringify(errorBody), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

/** The call's data, or `null` when it failed with a 404 its status maps to `not_found` (a single fetch of an unknown id). */
export function nullWhenNotFound<T>(call: Promise<T>): Promise<T | null> {
  return call.catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404 && error.code === "not_found") return null;
    throw error;
  });
}

function jsonObject(text: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/** Field → its messages joined by a space; undefined when a value is neither a string nor an array of them. */
function fieldMessages(body: Json): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const [field, value] of Object.entries(body)) {
    if (typeof value === "string") fields[field] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) fields[field] = value.join(" ");
    else return undefined;
  }
  return fields;
}

function messageOf(body: Json | undefined): string | undefined {
  const message = body?.user_facing_error ?? body?.message;
  return typeof message === "string" && message ? message : undefined;
}
