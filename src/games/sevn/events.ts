/**
 * The events a SEVN engine reports to a tracer (traces, tests): `event(ev, seat, a, b)`, with a and b
 * described per event below. A const enum, as Kind in cards.ts: tsc writes the numbers in.
 */
export const enum Ev {
  /** seat = dealer, a = round */
  ROUND_START = 0,
  /** a = card */
  DEAL = 1,
  /** a = card (a turn's draw) */
  DRAW = 2,
  /** a = card, b = 1-based index within the Triple Draw */
  TRIPLE_CARD = 3,
  /** a = card */
  STORM_CARD = 4,
  STAY = 5,
  /** a = duplicate card */
  BUST = 6,
  /** a = duplicate card cancelled */
  SECOND_CHANCE_USED = 7,
  /** a = card, b = 1 kept / 0 discarded */
  BALLAST = 8,
  /** a = recipient seat, or -1 when discarded */
  SECOND_CHANCE_GIVEN = 9,
  /** a = target */
  FREEZE = 10,
  /** a = target */
  TRIPLE_DRAW = 11,
  STORM = 12,
  /** a = chosen card, b = discarded card, or -1 when a was the only card left */
  CROSSROADS = 13,
  /** a = card */
  QUEUED = 14,
  /** a = card (owner busted or no possible target) */
  ACTION_DISCARDED = 15,
  SEVN = 16,
  /** a = new deck size */
  RESHUFFLE = 17,
  /** deck and discard pile both empty: the round ends */
  EXHAUSTED = 18,
  ROUND_END = 19,
}

/** Optional observer for traces and tests; null in simulations so it costs one comparison. */
export interface SevnTracer {
  event(ev: number, seat: number, a: number, b: number): void;
}
