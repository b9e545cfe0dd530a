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

function offsetFromDateHeader(dateHeader: string | null, clientNowMs: number): number | null {
  if (!dateHeader) return null;
  const serverMs = Date.parse(dateHeader);
  return Number.isFinite(serverMs) ? serverMs - clientNowMs : null;
}

function offsetFromTokenIat(accessToken: string, clientNowMs: number): number | null {
  const payload = accessToken.split(".")[1];
  if (payload === undefined) return null;
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/")) as string;
    const iat = (JSON.parse(json) as { iat?: unknown }).iat;
    return typeof iat === "number" && Number.isFinite(iat) ? iat * 1000 - clientNowMs : null;
  } catch {
    return null; // an opaque token: no claim to learn from
  }
}

/**
 * Learns the offset at the moment a response arrived (`clientNowMs`). The `Date` header has 1 s
 * resolution, so offsets under `toleranceMs` (default 2 s) are treated as no skew at all.
 */
export function learnClockSkew(
  dateHeader: string | null,
  accessToken: string | null,
  clientNowMs: number,
  toleranceMs = 2_000,
): ClockSkew {
  const fromDate = offsetFromDateHeader(dateHeader, clientNowMs);
  const fromIat = fromDate === null && accessToken !== null ? offsetFromTokenIat(accessToken, clientNowMs) : null;
  const offsetMs = fromDate ?? fromIat ?? 0;
  const source: ClockSkewSource = fromDate === null && fromIat !== null ? "token_iat" : "date_header";
  return { offsetMs: Math.abs(offsetMs) < toleranceMs ? 0 : offsetMs, source };
}

/** Seconds left before `expiresAtSeconds` (server clock), seen from the client clock corrected by `offsetMs`. */
export function secondsRemaining(expiresAtSeconds: number, clientNowMs: number, offsetMs: number): number {
  return expiresAtSeconds - (clientNowMs + offsetMs) / 1000;
}
