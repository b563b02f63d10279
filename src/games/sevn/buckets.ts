/**
 * SEVN decision buckets: the state key under which a decision's outcomes are summed. Mixed-radix
 * digits (decision-key.ts, with their decoder): decision kind, round points so far (capped at 255), distinct values held, next-draw bust
 * chance in 5% steps (0..20) and cards left in the deck rounded down to a multiple of 10 (0, 10, ...,
 * 250: the deck holds at most 255). The exact count made game-mode buckets too fine to aggregate
 * (4-player `sevn` games: about 30 buckets a game).
 */
import { bustChance, duplicatesInDeck } from './bust.js';
import { Kind } from './cards.js';
import { POINTS_RADIX, encodeSevnState } from './decision-key.js';
import type { SevnEngine } from './engine.js';
import { Seat } from './seats.js';

/** The bucket of seat s's decision `kind` in the engine's current state. */
export function decisionBucket(e: SevnEngine, s: number, kind: number): number {
  const points = Math.min(POINTS_RADIX - 1, e.scoreSeat(s));
  const bust = Math.round(nextCardBust(e, s) * 20);
  const left = e.deckLen;
  return encodeSevnState(kind, points, e.seats[(s << Seat.SHIFT) + Seat.DISTINCT], bust, left - (left % 10));
}

/**
 * Exact chance that seat s's next card is a number it holds (0 with a Second Chance held). With an
 * empty deck the next draw reshuffles the discard pile first: the chance is counted in the pile.
 */
export function nextCardBust(e: SevnEngine, s: number): number {
  const st = e.seats;
  const b = s << Seat.SHIFT;
  const mask = st[b + Seat.MASK];
  const sc = st[b + Seat.SC] !== 0;
  if (e.deckLen > 0) return bustChance(duplicatesInDeck(e.cards, mask, e.seen), e.deckLen, sc);
  const cards = e.cards;
  let bad = 0;
  for (let i = 0; i < e.discardLen; i++) {
    const c = e.discard[i];
    if (cards.kind[c] === Kind.NUMBER && mask & (1 << cards.value[c])) bad++;
  }
  return bustChance(bad, e.discardLen, sc);
}
