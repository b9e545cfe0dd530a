/**
 * Server clock offset: expiry times are in the server's clock, so a client clock an hour off must neither
 * refresh on every tick nor let the token lapse. The offset comes from the response's `Date` header
 * (readable same-origin, or cross-origin when the host exposes it), else from the token's JWT `iat` claim.
 */

/** Where an offset was learned from. */
export type ClockSkewSource = "date_header" | "token_iat";

/** A learned offset: server time ≈ client time + offsetMs. */
export interface ClockSkew {
  offsetMs: number;
  source: ClockSkewSource;
}

/**
 * Learns the offset at the moment a response arrived (`clientNowMs`): from the `Date` header, else from the token's
 * `iat` claim (an opaque token has none: no offset). The `Date` header has 1 s resolution, so offsets under
 * `toleranceMs` (default 2 s) are treated as no skew at all.
 */
export function learnClockSkew(
  dateHeader: string | null,
  accessToken: string | null,
  clientNowMs: number,
  toleranceMs = 2_000,
): ClockSkew {
  let offsetMs = Date.parse(dateHeader!) - clientNowMs; // NaN without a header (as "null"), or an unreadable one
  let source: ClockSkewSource = "date_header";
  if (!Number.isFinite(offsetMs)) {
    offsetMs = 0;
    // a token that is no string fails here, outside the try: the answer is unprocessable (validation compiled out)
    const payload = accessToken?.split(".")[1];
    try {
      const iat = (JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/"))) as { iat?: unknown }).iat;
      // false for anything but a finite number (no coercion)
      if (Number.isFinite(iat)) {
        offsetMs = (iat as number) * 1000 - clientNowMs;
        source = "token_iat";
      }
    } catch {
      // no token, or an opaque one: no claim to learn from
    }
  }
  return { offsetMs: Math.abs(offsetMs) < toleranceMs ? 0 : offsetMs, source };
}

/** Seconds left before `expiresAtSeconds` (server clock), seen from the client clock corrected by `offsetMs`. */
export function secondsRemaining(expiresAtSeconds: number, clientNowMs: number, offsetMs: number): number {
  return expiresAtSeconds - (clientNowMs + offsetMs) / 1000;
}
