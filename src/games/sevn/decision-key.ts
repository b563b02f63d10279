/**
 * SEVN decision buckets as numbers: buckets.ts encodes them, decisions.arrow decodes them, both here.
 * A state is the mixed-radix number (kind, round points, distinct values, bust chance in 5% steps,
 * cards left in the deck), each digit below its radix.
 */
export const POINTS_RADIX = 256; // round points, capped at 255
export const DISTINCT_RADIX = 32; // distinct values held, at most 31
export const BUST_RADIX = 21; // next-draw bust chance in 5% steps, 0..20
export const DECK_RADIX = 256; // cards left in the deck, at most 255

export interface SevnState {
  kind: number;
  points: number;
  distinct: number;
  bust5: number;
  deckLeft: number;
}

export function encodeSevnState(kind: number, points: number, distinct: number, bust5: number, deckLeft: number): number {
  return (((kind * POINTS_RADIX + points) * DISTINCT_RADIX + distinct) * BUST_RADIX + bust5) * DECK_RADIX + deckLeft;
}

export function decodeSevnState(state: number): SevnState {
  const deckLeft = state % DECK_RADIX;
  let rest = Math.floor(state / DECK_RADIX);
  const bust5 = rest % BUST_RADIX;
  rest = Math.floor(rest / BUST_RADIX);
  const distinct = rest % DISTINCT_RADIX;
  rest = Math.floor(rest / DISTINCT_RADIX);
  const points = rest % POINTS_RADIX;
  return { kind: Math.floor(rest / POINTS_RADIX), points, distinct, bust5, deckLeft };
}
