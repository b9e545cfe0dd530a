import { invalidFields } from "./errors.js";
import type { Request } from "./http.js";

/** The request body as an object of fields (an empty object when there is none). */
export function bodyOf(request: Request): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A string field, or undefined when absent; a present non-string is invalid_request_fields. */
export function optionalText(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw invalidFields({ [name]: { code: "invalid_type", message: "Must be text" } });
  return value;
}

/** A required string field; missing or empty is invalid_request_fields. */
export function requiredText(body: Record<string, unknown>, name: string): string {
  const value = optionalText(body, name);
  if (value === undefined || value.trim() === "")
    throw invalidFields({ [name]: { code: "required", message: "This field is required" } });
  return value;
}

/** A boolean field, or undefined when absent. */
export function optionalFlag(body: Record<string, unknown>, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== "boolean")
    throw invalidFields({ [name]: { code: "invalid_type", message: "Must be true or false" } });
  return value;
}

/** A list of strings, or `[]` when absent. */
export function textList(body: Record<string, unknown>, name: string): string[] {
  const value = body[name] ?? [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string"))
    throw invalidFields({ [name]: { code: "invalid_type", message: "Must be a list of text" } });
  return value as string[];
}

/** A plain object field (custom properties), or undefined. */
export function optionalObject(body: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw invalidFields({ [name]: { code: "invalid_type", message: "Must be an object" } });
  return value as Record<string, unknown>;
}

/** Paging from the query: page_number (default 0) and page_size (default 10, at most 100). */
export function paging(request: Request): { pageNumber: number; pageSize: number } {
  const read = (name: string, fallback: number): number => {
    const raw = request.url.searchParams.get(name);
    if (raw === null) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0)
      throw invalidFields({ [name]: { code: "invalid_value", message: "Must be a whole number, 0 or more" } });
    return n;
  };
  const pageSize = read("page_size", 10);
  if (pageSize > 100)
    throw invalidFields({ page_size: { code: "too_large", message: "Page size must be at most 100" } });
  return { pageNumber: read("page_number", 0), pageSize: pageSize === 0 ? 10 : pageSize };
}
