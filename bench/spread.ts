/**
 * How bench figures are reported: never one figure as a fact. Each comparison is a ratio taken per round (the
 * contenders interleaved within the round), printed as the median with the spread (min–max) over the rounds.
 */

/** The median of some numbers (the upper one of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** `ours / theirs` per round as "median× (min–max over N rounds)". */
export function ratioWithSpread(ours: readonly number[], theirs: readonly number[]): string {
  const ratios = ours.map((value, round) => value / theirs[round]!);
  return `${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} over ${ratios.length} rounds)`;
}
