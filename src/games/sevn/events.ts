/**
 * The events a SEVN engine reports to a tracer (traces, tests): `event(ev, seat, a, b)`, with a and b
 * described per event below.
 */
/**
 * Const enums, so that tsc writes the numbers into the engine and strategies: an imported `const` is a
 * module-cell load and a hole check at each use (with opponentBy's rewrite, 148.7k -> 135.1k
 * instructions a 4-player game, valgrind). The named exports below are the public API.
 */
export const enum Ev {
  ROUND_START = 0,
  DEAL = 1,
  DRAW = 2,
  TRIPLE_CARD = 3,
  STORM_CARD = 4,
  STAY = 5,
  BUST = 6,
  SECOND_CHANCE_USED = 7,
  BALLAST = 8,
  SECOND_CHANCE_GIVEN = 9,
  FREEZE = 10,
  TRIPLE_DRAW = 11,
  STORM = 12,
  CROSSROADS = 13,
  QUEUED = 14,
  ACTION_DISCARDED = 15,
  SEVN = 16,
  RESHUFFLE = 17,
  EXHAUSTED = 18,
  ROUND_END = 19,
}
export const E_ROUND_START: number = Ev.ROUND_START; // seat = dealer, a = round
export const E_DEAL: number = Ev.DEAL; // a = card
export const E_DRAW: number = Ev.DRAW; // a = card (a turn's draw)
export const E_TRIPLE_CARD: number = Ev.TRIPLE_CARD; // a = card, b = 1-based index within the Triple Draw
export const E_STORM_CARD: number = Ev.STORM_CARD; // a = card
export const E_STAY: number = Ev.STAY;
export const E_BUST: number = Ev.BUST; // a = duplicate card
export const E_SECOND_CHANCE_USED: number = Ev.SECOND_CHANCE_USED; // a = duplicate card cancelled
export const E_BALLAST: number = Ev.BALLAST; // a = card, b = 1 kept / 0 discarded
export const E_SECOND_CHANCE_GIVEN: number = Ev.SECOND_CHANCE_GIVEN; // a = recipient seat, or -1 when discarded
export const E_FREEZE: number = Ev.FREEZE; // a = target
export const E_TRIPLE_DRAW: number = Ev.TRIPLE_DRAW; // a = target
export const E_STORM: number = Ev.STORM;
export const E_CROSSROADS: number = Ev.CROSSROADS; // a = chosen card, b = discarded card, or -1 when a was the only card left
export const E_QUEUED: number = Ev.QUEUED; // a = card
export const E_ACTION_DISCARDED: number = Ev.ACTION_DISCARDED; // a = card (owner busted or no possible target)
export const E_SEVN: number = Ev.SEVN;
export const E_RESHUFFLE: number = Ev.RESHUFFLE; // a = new deck size
export const E_EXHAUSTED: number = Ev.EXHAUSTED; // deck and discard pile both empty: the round ends
export const E_ROUND_END: number = Ev.ROUND_END;

/** Optional observer for traces and tests; null in simulations so it costs one comparison. */
export interface SevnTracer {
  event(ev: number, seat: number, a: number, b: number): void;
}
