/**
 * SEVN decision buckets: the state features `--bucket` can choose and how each is read from the
 * engine, the action codes of each decision kind in words, and the next card's exact bust chance.
 */
import type { BucketFeature } from '../../engine/decisions.js';
import { bustChance, duplicatesInDeck } from './bust.js';
import { Kind, type SevnCards } from './cards.js';
import type { SevnEngine } from './engine.js';
import { type SevnRules, deckSize } from './rules.js';
import { Seat } from './seats.js';
import { Decision, Status } from './view.js';

export const enum Feature {
  POINTS = 0,
  DISTINCT = 1,
  BUST = 2,
  CARDS_LEFT = 3,
  TOTAL = 4,
  GAP_LEADER = 5,
  GAP_TARGET = 6,
  STILL_IN = 7,
}

export function sevnBucketFeatures(rules: SevnRules): BucketFeature[] {
  const t = rules.target;
  return [
    { name: 'points', doc: 'round points so far (what the row would score now, without a SEVN bonus)', width: 5, min: 0, max: 100 },
    { name: 'distinct', doc: 'distinct scoring values held (numbers and kept Ballast)', width: 1, min: 0, max: rules.sevn.distinct },
    { name: 'bust', doc: 'exact chance in percent that the next card busts (0 with a Second Chance held)', width: 10, min: 0, max: 100 },
    { name: 'cards-left', doc: 'cards left in the deck', width: 20, min: 0, max: deckSize(rules) },
    { name: 'total', doc: 'own game total before this round (0 in round mode)', width: 25, min: 0, max: t },
    { name: 'gap-leader', doc: 'own total minus the highest other total, before this round (negative: behind)', width: 25, min: -t, max: t },
    { name: 'gap-target', doc: 'the target minus own total, before this round', width: 25, min: 0, max: t },
    { name: 'still-in', doc: 'opponents still in the round', width: 1, min: 0, max: 7 },
  ];
}

/**
 * A bucket feature of seat s's decision (totals are those before this round). The cheap ones inline,
 * the loops in functions of their own, so that this stays small enough for V8 to inline into the
 * bucket key (measured: the key was the costliest part of outcome recording).
 */
export function sevnFeature(e: SevnEngine, s: number, f: number): number {
  switch (f) {
    case Feature.POINTS:
      return e.scoreSeat(s);
    case Feature.DISTINCT:
      return e.seats[(s << Seat.SHIFT) + Seat.DISTINCT];
    case Feature.BUST:
      return nextCardBust(e, s) * 100;
    case Feature.CARDS_LEFT:
      return e.deckLen;
    case Feature.TOTAL:
      return e.totals[s];
    case Feature.GAP_LEADER:
      return gapLeader(e, s);
    case Feature.GAP_TARGET:
      return e.rules.target - e.totals[s];
    default:
      return stillIn(e, s);
  }
}

/**
 * A decision answered, with an evaluator or a decision sink present (the engine's asks call this):
 * the evaluator hears it (`answer`, and `x0`, `y0` as the kind gives them), and the sink records
 * `action` in its bucket: Bucketer.key with every feature read here, as sevnFeature reads it
 * (through the FeatureSource method the key cost three times as much).
 *
 * Deliberately one function too large for V8 to inline (it inlines nothing over 460 bytes of
 * bytecode): the asks call it and keep their inlining budget for the draw. Inlined into the engine's
 * `turns` (with only points and distinct read inline, it was small enough), it and the counter used
 * up the budget that inlined drawFor and the card's effect there (bench/README.md).
 */
export function observeDecision(e: SevnEngine, s: number, kind: number, answer: number, x0: number, y0: number, action: number): void {
  if (e.evaluator !== null) e.evaluator.decided(e, s, kind, answer, x0, y0);
  const d = e.decisions;
  if (d === null) return;
  const b = d.buckets;
  const plan = b.plan;
  const placed = b.placed;
  const st = e.seats;
  let key = kind * b.kindPlace;
  for (let i = 0; i < plan.length; i += 4) {
    let v = 0;
    switch (plan[i]) {
      case Feature.POINTS:
        v = e.view.points; // the ask scored the seat for its view
        break;
      case Feature.DISTINCT:
        v = st[(s << Seat.SHIFT) + Seat.DISTINCT];
        break;
      case Feature.BUST:
        v = nextCardBust(e, s) * 100;
        break;
      case Feature.CARDS_LEFT:
        v = e.deckLen;
        break;
      case Feature.TOTAL:
        v = e.totals[s];
        break;
      case Feature.GAP_LEADER: {
        let best = e.n < 2 ? e.totals[s] : -0x7fffffff; // as gapLeader
        for (let p = 0; p < e.n; p++) if (p !== s && e.totals[p] > best) best = e.totals[p];
        v = e.totals[s] - best;
        break;
      }
      case Feature.GAP_TARGET:
        v = e.rules.target - e.totals[s];
        break;
      default: // Feature.STILL_IN, as stillIn
        for (let p = 0; p < e.n; p++) if (p !== s && st[(p << Seat.SHIFT) + Seat.STATUS] === Status.ACTIVE) v++;
    }
    const x = v - plan[i + 1];
    const size = plan[i + 2];
    key += placed[plan[i + 3] + (x <= 0 ? 0 : x < size ? x | 0 : size - 1)]; // as Bucketer.bandKey
  }
  d.record(s, key, action);
}

/** Own total minus the highest other total (0 alone). */
function gapLeader(e: SevnEngine, s: number): number {
  if (e.n < 2) return 0;
  let best = -0x7fffffff;
  for (let p = 0; p < e.n; p++) if (p !== s && e.totals[p] > best) best = e.totals[p];
  return e.totals[s] - best;
}

/** Opponents still in the round. */
function stillIn(e: SevnEngine, s: number): number {
  let still = 0;
  for (let p = 0; p < e.n; p++) if (p !== s && e.seats[(p << Seat.SHIFT) + Seat.STATUS] === Status.ACTIVE) still++;
  return still;
}

/**
 * Action codes: draw-or-stay 1 draw, 0 stay; Ballast 1 keep, 0 discard; Crossroads the card code
 * taken; Freeze, Triple Draw and Second Chance the target as seats to the left of the chooser (0 itself).
 */
export function sevnActionLabel(cards: SevnCards, kind: number, action: number): string {
  switch (kind) {
    case Decision.DRAW_STAY:
      return action === 1 ? 'draw' : 'stay';
    case Decision.BALLAST:
      return action === 1 ? 'keep' : 'discard';
    case Decision.CROSSROADS:
      return `take ${cards.name(action)}`;
    default:
      return action === 0 ? 'self' : `left+${action}`;
  }
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
