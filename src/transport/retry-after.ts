/** The `Retry-After` header: delay-seconds or an HTTP date, as milliseconds from now. */

/** Milliseconds the server asked to wait, or undefined when the header is absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at) || !/[a-z]/i.test(trimmed)) return undefined;
  return Math.max(0, at - now);
}
